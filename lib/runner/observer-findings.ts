import type { RunObserver, SeenFailure } from '../check/seen.js';
import type { CheckResult } from '../check/result.js';
import { curlCommand } from '../evidence/curl.js';
import { reportExchange } from '../evidence/truncate.js';
import type { Redactor } from '../redact/redact.js';
import { ruleOf } from '../catalogue/catalogue.js';
import { strictOnly } from '../catalogue/reading.js';
import type { CheckRun } from './check-run.js';

/** Who met an observer's finding: no check, every answer of the run. */
export const OBSERVER = "the run's observer of every answer it read";

/**
 * What the run's observer saw wrong (lib/check/answer-observer.ts) under a rule no check found broken:
 * a failed result per way a value was wrong, under the rule it breaks, with the first exchange that
 * showed it, as lib/runner/finding-results.ts files a check's findings. So a rule never reads passed
 * while an answer of the run showed it broken. Where checks already found the rule broken the observer
 * adds nothing (the same cause, met by a check and by the observer, would otherwise be two rows).
 */
export function observerFindings(
  runs: readonly CheckRun[],
  observer: RunObserver | undefined,
  redactor: Redactor,
): CheckResult[] {
  if (!observer) return [];
  const broken = new Set<string>();
  for (const r of runs) {
    for (const v of r.result.status === 'failed' ? (r.result.violations ?? []) : []) broken.add(v.rule);
    for (const f of r.findings) broken.add(f.violation.rule);
  }
  return observer
    .failures()
    .filter((f) => !broken.has(f.violation.rule))
    .map((f) => redactor.value(resultOf(f, runs)));
}

function resultOf(f: SeenFailure, runs: readonly CheckRun[]): CheckResult {
  const v = f.violation;
  const rule = ruleOf(v.rule);
  return {
    id: v.rule,
    level: rule.level,
    status: 'failed',
    title: `${f.operation}: ${v.expected}`,
    endpoint: f.operation,
    message: `[${v.rule}] expected ${v.expected}; got ${v.actual}`,
    group: runs.find((r) => r.result.id === v.rule)?.result.group ?? 'records',
    section: rule.section,
    quote: rule.quote,
    expected: v.expected,
    actual: v.actual,
    violations: [v],
    evidence: [{ ...reportExchange(f.exchange), curl: curlCommand(f.exchange.request) }],
    failedExchange: 0,
    finding: { exchanges: f.count, checks: [OBSERVER] },
    ...(strictOnly(v.rule, [v]) ? { reading: 'strict' as const } : {}),
  };
}
