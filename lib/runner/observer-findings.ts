import type { RunObserver, SeenFailure } from '../check/seen.js';
import type { CheckResult } from '../check/result.js';
import type { Violation } from '../check/outcome.js';
import { curlCommand } from '../evidence/curl.js';
import { rerunCommand, type RerunTarget } from '../evidence/rerun.js';
import { checksShowing, shownByNote } from '../check/shown-by.js';
import { reportExchange } from '../evidence/truncate.js';
import type { Redactor } from '../redact/redact.js';
import { ruleOf, type Catalogue } from '../catalogue/catalogue.js';
import { strictOnly } from '../catalogue/reading.js';
import type { CheckRun } from './check-run.js';

/** Who met an observer's finding: no check, every answer of the run. */
export const OBSERVER = "the run's observer of every answer it read";

/**
 * What the run's observer saw wrong (lib/check/answer-observer.ts) under a rule no check found broken:
 * a failed result per way a value was wrong, under the rule it breaks, with the first exchange that
 * showed it, as lib/runner/finding-results.ts files a check's findings. So a rule never reads passed
 * while an answer of the run showed it broken. Where checks already found the rule broken in the same
 * way (its problem) the observer adds nothing (one cause, met by a check and by the observer, would
 * otherwise be two rows); another way, a second cause of that rule, is its own row. A check's violation
 * that names no problem stands for every way of its rule. Its rerun runs the checks whose requests got
 * such an answer (`shownBy`): no check of the rule runs beside them, so the observer files it again.
 * Shown by the probe's or the fixtures check's answer alone, which every run makes: its rerun runs the
 * rule's checks.
 */
export function observerFindings(
  runs: readonly CheckRun[],
  catalogue: Catalogue,
  observer: RunObserver | undefined,
  redactor: Redactor,
  rerun?: { seed: number; target?: RerunTarget },
): CheckResult[] {
  if (!observer) return [];
  const broken = new Set<string>();
  const add = (v: Violation) => broken.add(v.problem === undefined ? v.rule : `${v.rule}\n${v.problem}`);
  for (const r of runs) {
    for (const v of r.result.status === 'failed' ? (r.result.violations ?? []) : []) add(v);
    for (const f of r.findings) add(f.violation);
  }
  const found = (v: Violation) => broken.has(v.rule) || broken.has(`${v.rule}\n${v.problem ?? ''}`);
  return observer
    .failures()
    .filter((f) => !found(f.violation))
    .map((f) => redactor.value(resultOf(f, runs, catalogue, rerun)));
}

function resultOf(
  f: SeenFailure,
  runs: readonly CheckRun[],
  catalogue: Catalogue,
  rerun?: { seed: number; target?: RerunTarget },
): CheckResult {
  const v = f.violation;
  const rule = ruleOf(catalogue, v.rule);
  return {
    id: v.rule,
    level: rule.level,
    status: 'failed',
    title: `${f.operation}: ${v.expected}`,
    endpoint: f.operation,
    message: `[${v.rule}] expected ${v.expected}; got ${v.actual}${shownByNote(v)}`,
    group: runs.find((r) => r.result.id === v.rule)?.result.group ?? 'records',
    section: rule.section,
    quote: rule.quote,
    expected: v.expected,
    actual: v.actual,
    violations: [v],
    evidence: [{ ...reportExchange(f.exchange), curl: curlCommand(f.exchange.request) }],
    failedExchange: 0,
    ...(rerun ? rerunOf(v, rerun) : {}),
    finding: { exchanges: f.count, checks: [OBSERVER] },
    ...(strictOnly(catalogue, v.rule, [v]) ? { reading: 'strict' as const } : {}),
  };
}

/**
 * The rerun of an observer's finding: the checks whose requests got an answer showing it; none, but
 * the probe's or the fixtures check's answer showed it: the rule's checks (both come with every run).
 */
function rerunOf(v: Violation, rerun: { seed: number; target?: RerunTarget }): { rerun?: string } {
  const [by, ...also] = checksShowing(v);
  if (by) return { rerun: rerunCommand(by, rerun.seed, rerun.target, also) };
  return (v.shownBy ?? []).length > 0 ? { rerun: rerunCommand({ rule: v.rule }, rerun.seed, rerun.target) } : {};
}
