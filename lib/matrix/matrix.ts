import { RULES } from '../rules/catalogue.js';
import { ruleOutcomes, type RuleOutcome } from '../certificate/certificate-file.js';
import type { ConformanceReport } from '../report/conformance-json.js';

/** One report folder in the matrix: a server, or one version of a server. */
export interface Implementation {
  /** the folder as given */
  dir: string;
  target: string;
  runId: string;
  date: string;
  suiteVersion: string;
  verdict: string;
  /** MUST rules passed, of the MUST rules the run tested (passed or failed) */
  score: { passed: number; tested: number; of: number };
}

/**
 * implementations side by side, rule by rule (catalogue order): each cell the rule's outcome in
 * that run. A rule failing on every implementation (two or more) is flagged: when every server
 * breaks a rule, the rule (or the spec's sentence, or the suite's check) deserves a second look.
 */
export interface Matrix {
  implementations: Implementation[];
  rules: Array<{ id: string; level: string; outcomes: RuleOutcome[]; failsEverywhere: boolean }>;
}

export function matrixOf(reports: ReadonlyArray<{ dir: string; report: ConformanceReport }>): Matrix {
  const outcomes = reports.map((r) => ruleOutcomes(r.report.checks));
  const implementations = reports.map(({ dir, report }, i) => {
    const must = Object.entries(outcomes[i]!).filter(([, o]) => o.level === 'MUST');
    return {
      dir,
      target: report.certificate.target,
      runId: report.run.runId,
      date: report.certificate.date,
      suiteVersion: report.certificate.suiteVersion,
      verdict: report.certificate.verdict,
      score: {
        passed: must.filter(([, o]) => o.outcome === 'passed').length,
        tested: must.filter(([, o]) => o.outcome === 'passed' || o.outcome === 'failed').length,
        of: must.length,
      },
    };
  });
  const rules = Object.entries(RULES).map(([id, rule]) => {
    const row = outcomes.map((o) => o[id]?.outcome ?? 'not run');
    return {
      id,
      level: rule.level,
      outcomes: row,
      failsEverywhere: row.length >= 2 && row.every((x) => x === 'failed'),
    };
  });
  return { implementations, rules };
}
