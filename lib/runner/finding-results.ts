import type { Finding } from '../check/finding.js';
import type { CheckResult } from '../check/result.js';
import { causeKey } from '../check/cause-key.js';
import { curlCommand } from '../evidence/curl.js';
import { rerunCommand, type RerunTarget } from '../evidence/rerun.js';
import { shownBy, shownByNote } from '../check/shown-by.js';
import { reportExchange } from '../evidence/truncate.js';
import type { Redactor } from '../redact/redact.js';
import { ruleOf, type Catalogue } from '../catalogue/catalogue.js';
import type { RuleId } from '../spec/register.js';
import { strictOnly } from '../catalogue/reading.js';
import type { CheckRun } from './check-run.js';

/**
 * One failed result per cause that checks met beyond their own rule: a rule broken at one operation
 * in one way, however many exchanges and checks met it. It is filed under the rule it broke, so the
 * gate, the baseline and every report see it there, once. A cause the rule's own check already
 * failed on is not repeated.
 */
export function findingResults(
  runs: readonly CheckRun[],
  catalogue: Catalogue,
  seed: number,
  redactor: Redactor,
  rerun?: RerunTarget,
): CheckResult[] {
  const own = new Set(
    runs
      .filter((r) => r.result.status === 'failed')
      .flatMap((r) => (r.result.violations ?? []).map((v) => causeKey(v.rule, r.result.endpoint, v.actual))),
  );
  const causes = new Map<string, { finding: Finding; runs: CheckRun[]; exchanges: number }>();
  for (const run of runs) {
    for (const f of run.findings) {
      const key = causeKey(f.violation.rule, f.operation, f.violation.actual);
      if (own.has(key)) continue;
      const cause = causes.get(key) ?? { finding: f, runs: [], exchanges: 0 };
      cause.exchanges += 1;
      if (!cause.runs.includes(run)) cause.runs.push(run);
      causes.set(key, cause);
    }
  }
  return [...causes.values()].map(({ finding, runs: seenIn, exchanges }) => {
    const v = finding.violation;
    const rule = ruleOf(catalogue, v.rule);
    const first = seenIn[0]!.result;
    const home = runs.find((r) => r.result.id === v.rule)?.result.group ?? first.group;
    const result: CheckResult = {
      id: v.rule,
      level: rule.level,
      status: 'failed',
      title: `${finding.operation}: ${v.expected}`,
      endpoint: finding.operation,
      message: `[${v.rule}] expected ${v.expected}; got ${v.actual}${shownByNote(v)}`,
      group: home,
      section: rule.section,
      quote: rule.quote,
      expected: v.expected,
      actual: v.actual,
      violations: [v],
      evidence: [{ ...reportExchange(finding.exchange), curl: curlCommand(finding.exchange.request) }],
      failedExchange: 0,
      rerun: rerunCommand({ rule: first.id, title: first.title }, seed, rerun, shownBy([v])),
      finding: { exchanges, checks: seenIn.map((r) => `${r.result.id}: ${r.result.title}`) },
      ...(seenIn[0]!.records && (seenIn[0]!.records.archived.length > 0 || seenIn[0]!.records.kept.length > 0)
        ? { records: seenIn[0]!.records }
        : {}),
      ...(strictOnly(catalogue, v.rule, [v]) ? { reading: 'strict' as const } : {}),
    };
    return redactor.value(result);
  });
}

export type { RuleId };
