import type { CheckResult, CheckStatus } from '../check/result.js';
import type { ConformanceReport } from '../report/conformance-json.js';
import type { ObservedContract } from '../report/observed.js';
import { expectedVsActual } from '../report/groups.js';

/** One check whose outcome differs between the two runs (or that is in only one of them). */
export interface CheckChange {
  id: string;
  level: string;
  title: string;
  endpoint: string;
  /** absent: the check is new */
  before?: CheckStatus;
  /** absent: the check is gone */
  after?: CheckStatus;
  /** what the newer outcome says: expected against actual, why it was blocked or skipped */
  detail?: string;
}

/** An operation's success statuses, or an error code's statuses, that changed. */
export interface ContractChange {
  kind: 'success status' | 'error code status';
  /** the operation (`POST /contact`) or the error code */
  name: string;
  before: string[];
  after: string[];
}

/** The run a side of the diff came from. */
export interface RunSide {
  runId: string;
  /** the embedded reference server: its URL (a free port) differs from run to run */
  embedded: boolean;
  target: string;
  suiteVersion: string;
  date: string;
  verdict: string;
}

export interface ReportDiff {
  old: RunSide;
  new: RunSide;
  /**
   * skipped or blocked → failed: a deviation the earlier run could not see (it lacked a fixture, or a
   * step blocked the check), found now. As new to the server's team as a regression: listed first.
   */
  newDeviations: CheckChange[];
  /** passed → failed or blocked: what a change broke */
  regressions: CheckChange[];
  /** failed → passed */
  fixes: CheckChange[];
  added: CheckChange[];
  gone: CheckChange[];
  /** skipped on either side, with another status or another reason on the other */
  skippedDifferently: CheckChange[];
  /** every other change of status (failed → blocked, blocked → passed, …): nothing is dropped */
  otherChanges: CheckChange[];
  contract: ContractChange[];
  /** checks with the same outcome in both runs */
  unchanged: number;
}

/**
 * Compares two runs' reports. Checks are matched by rule id and title (so reports of different suite
 * versions compare, a check renamed is gone and new); several checks with the same id and title are
 * paired in the order they appear.
 */
export function diffReports(before: ConformanceReport, after: ConformanceReport): ReportDiff {
  const out: ReportDiff = {
    old: sideOf(before),
    new: sideOf(after),
    newDeviations: [],
    regressions: [],
    fixes: [],
    added: [],
    gone: [],
    skippedDifferently: [],
    otherChanges: [],
    contract: contractChanges(before.observed, after.observed),
    unchanged: 0,
  };
  const olds = byKey(before.checks);
  for (const [key, news] of byKey(after.checks)) {
    const was = olds.get(key) ?? [];
    news.forEach((n, i) => {
      const o = was[i];
      if (!o) out.added.push(change(undefined, n));
      else sort(out, o, n);
    });
    olds.set(key, was.slice(news.length));
  }
  for (const rest of olds.values()) for (const o of rest) out.gone.push(change(o, undefined));
  return out;
}

/** True when the newer run broke something the older one passed, or found a deviation the older could not see. */
export function hasRegression(d: ReportDiff): boolean {
  return d.regressions.length > 0 || d.newDeviations.length > 0;
}

function sort(out: ReportDiff, o: CheckResult, n: CheckResult): void {
  if ((o.status === 'skipped' || o.status === 'blocked' || o.status === 'not applicable') && n.status === 'failed')
    out.newDeviations.push(change(o, n));
  else if (o.status === 'passed' && (n.status === 'failed' || n.status === 'blocked'))
    out.regressions.push(change(o, n));
  else if (o.status === 'failed' && n.status === 'passed') out.fixes.push(change(o, n));
  else if (o.status === n.status && (o.status !== 'skipped' || o.message === n.message)) out.unchanged += 1;
  else if (o.status === 'skipped' || n.status === 'skipped') out.skippedDifferently.push(change(o, n));
  else out.otherChanges.push(change(o, n));
}

function change(o: CheckResult | undefined, n: CheckResult | undefined): CheckChange {
  const c = (n ?? o)!;
  const detail = n ? detailOf(n) : undefined;
  return {
    id: c.id,
    level: c.level,
    title: c.title,
    endpoint: c.endpoint,
    ...(o ? { before: o.status } : {}),
    ...(n ? { after: n.status } : {}),
    ...(detail ? { detail } : {}),
  };
}

function detailOf(c: CheckResult): string | undefined {
  if (c.status === 'failed') return expectedVsActual(c);
  if (c.status === 'blocked')
    return c.blockedBy ? `blocked by ${c.blockedBy.step}, which answered ${c.blockedBy.answer}` : c.message;
  if (c.status === 'skipped') return c.message;
  return undefined;
}

function byKey(checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const m = new Map<string, CheckResult[]>();
  for (const c of checks) {
    const key = `${c.id}\u0000${c.title}`;
    m.set(key, [...(m.get(key) ?? []), c]);
  }
  return m;
}

function sideOf(r: ConformanceReport): RunSide {
  return {
    runId: r.run.runId,
    embedded: r.run.embedded ?? false,
    target: r.certificate.target,
    suiteVersion: r.certificate.suiteVersion,
    date: r.certificate.date,
    verdict: r.certificate.verdict,
  };
}

/**
 * The statuses seen per operation (success) and per error code, compared as sets: how often a status
 * came is the run's doing, which statuses came is the server's contract.
 */
function contractChanges(before: ObservedContract, after: ObservedContract): ContractChange[] {
  const success = (o: ObservedContract) =>
    new Map(o.successStatuses.map((r) => [r.endpoint, Object.keys(r.statuses).sort()]));
  const codes = (o: ObservedContract) => new Map(o.errorCodes.map((r) => [r.code, Object.keys(r.statuses).sort()]));
  return [
    ...compareSets('success status', success(before), success(after)),
    ...compareSets('error code status', codes(before), codes(after)),
  ];
}

function compareSets(
  kind: ContractChange['kind'],
  a: Map<string, string[]>,
  b: Map<string, string[]>,
): ContractChange[] {
  return [...new Set([...a.keys(), ...b.keys()])].sort().flatMap((name) => {
    const x = a.get(name) ?? [];
    const y = b.get(name) ?? [];
    return x.join(',') === y.join(',') ? [] : [{ kind, name, before: x, after: y }];
  });
}
