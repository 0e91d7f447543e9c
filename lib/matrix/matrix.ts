import { ruleEntries, type Catalogue } from '../catalogue/catalogue.js';
import { ruleOutcomes, type RuleOutcome } from '../certificate/certificate-file.js';
import type { ConformanceReport } from '../report/conformance-json.js';
import type { CheckResult } from '../check/result.js';

/**
 * A rule's outcome in one implementation. `strict`: it failed only under a strict reading of its
 * sentence (the other reading would pass it): a state of its own, amber, counted in no score.
 */
export type MatrixOutcome = RuleOutcome | 'strict';

/** One report folder in the matrix: a server, or one version of a server. */
export interface Implementation {
  /** the folder as given */
  dir: string;
  target: string;
  /** the target's host (and port): what the column is headed by */
  host: string;
  runId: string;
  date: string;
  suiteVersion: string;
  verdict: string;
  /**
   * MUST rules passed, of the MUST rules the run tested (passed or failed; a rule failed only under a
   * strict reading is in neither), and of all
   */
  score: { passed: number; tested: number; of: number };
}

/**
 * implementations side by side, rule by rule (catalogue order): each cell the rule's outcome in
 * that run. `differs`: the implementations do not all have the same outcome (the page shows those
 * rows first). A rule failing on every implementation (two or more) is flagged: when every server
 * breaks a rule, the rule (or the spec's sentence, or the suite's check) deserves a second look.
 */
export interface Matrix {
  implementations: Implementation[];
  rules: Array<{ id: string; level: string; outcomes: MatrixOutcome[]; differs: boolean; failsEverywhere: boolean }>;
}

/** Each rule's outcome in one run, a failure under a strict reading only as `strict`. */
export function matrixOutcomes(
  checks: readonly CheckResult[],
  catalogue: Catalogue,
): Record<string, { level: string; outcome: MatrixOutcome }> {
  const out: Record<string, { level: string; outcome: MatrixOutcome }> = ruleOutcomes(checks, catalogue);
  for (const [id, o] of Object.entries(out)) {
    if (o.outcome !== 'failed') continue;
    const failed = checks.filter((c) => c.id === id && c.status === 'failed');
    if (failed.every((c) => c.reading === 'strict')) o.outcome = 'strict';
  }
  return out;
}

function hostOf(target: string): string {
  try {
    return new URL(target).host;
  } catch {
    return target;
  }
}

export function matrixOf(
  reports: ReadonlyArray<{ dir: string; report: ConformanceReport }>,
  catalogue: Catalogue,
): Matrix {
  const outcomes = reports.map((r) => matrixOutcomes(r.report.checks, catalogue));
  const implementations = reports.map(({ dir, report }, i) => {
    const must = Object.entries(outcomes[i]!).filter(([, o]) => o.level === 'MUST');
    return {
      dir,
      target: report.certificate.target,
      host: hostOf(report.certificate.target),
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
  const rules = ruleEntries(catalogue).map(([id, rule]) => {
    const row = outcomes.map((o) => o[id]?.outcome ?? 'not run');
    return {
      id,
      level: rule.level,
      outcomes: row,
      differs: row.some((x) => x !== row[0]),
      failsEverywhere: row.length >= 2 && row.every((x) => x === 'failed'),
    };
  });
  return { implementations, rules };
}
