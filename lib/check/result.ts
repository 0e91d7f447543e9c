import type { ReportExchange } from '../evidence/truncate.js';
import type { BlockedBy, Observation, SkipNeed, Violation } from './outcome.js';
import type { Level } from '../catalogue/rule.js';

/**
 * passed · failed (the server broke the rule) · skipped (the run lacked a fixture, key or flag a person
 * can supply; `needs` names it) · blocked (a set-up step failed, so the rule was never tested: not a
 * deviation of it) · not applicable (the server's legal choices leave the rule nothing to judge; the
 * answers that prove it are the evidence; it never makes a run incomplete).
 */
export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'blocked' | 'not applicable';

/** One check's outcome as conformance.json carries it. */
export interface CheckResult {
  id: string;
  level: Level;
  status: CheckStatus;
  title: string;
  endpoint: string;
  message: string;
  /** the endpoint group: the suite file the check lives in (`contacts`, `errors`, …) */
  group: string;
  /** the rule's spec section (heading path) and the spec sentence it rests on, verbatim */
  section: string;
  quote: string;
  /** what the spec wanted and what came back, from the first violation of a failed check */
  expected?: string;
  actual?: string;
  violations?: Violation[];
  /**
   * the exchanges of a failed or blocked check, or those proving a check not applicable; bodies cut
   * past MAX_BODY_BYTES (lib/evidence/truncate.ts)
   */
  evidence?: ReportExchange[];
  /** the index in `evidence` of the exchange the failure was found in (absent: not tied to one) */
  failedExchange?: number;
  /** a failed check: the command that runs its rule again with the same generated data */
  rerun?: string;
  observations?: Observation[];
  /** a blocked check: the set-up step that failed (its operation, its answer, the fixture it used) */
  blockedBy?: BlockedBy;
  /** a skipped check: the fixtures key or flag that would let it run, and what is wrong with it */
  needs?: SkipNeed;
  /**
   * a failed or blocked check's records: those the run archived when it ended (a reproducer naming
   * one may now answer 404 or show it archived), and those --keep-failing kept in place for them
   */
  records?: { archived: Array<{ type: string; id: string }>; kept: Array<{ type: string; id: string }> };
  /** how long the check took, its cleanups included (absent for a check skipped before it ran) */
  durationMs?: number;
  /** requests the check sent, its cleanups' included */
  requests?: number;
  /** its longest run of dependent requests (each sent once the one before was answered) */
  chain?: number;
  /**
   * a deviation met by other checks on the way (not a check of its own): how many exchanges showed
   * it, and the checks they were in. Reported once, under the rule it broke.
   */
  finding?: { exchanges: number; checks: string[] };
  /**
   * a failed check whose every broken rule rests on one reading of two (lib/catalogue/reading.ts):
   * reported apart, and fatal only under --strict
   */
  reading?: 'strict';
  /**
   * a failed check whose rule is in the --baseline (a known deviation), or a check blocked only by
   * one: it does not fail the gate
   */
  baselined?: boolean;
  /** the baseline entry that makes it known: why, its ticket, until when */
  knownAs?: { reason: string; ticket?: string; expires?: string };
  /** a generated check's smallest failing input: written to examples.json, replayed first by --examples */
  example?: { key: string; input: unknown };
}

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  blocked: number;
  /** checks whose rule the server's legal choices leave nothing to judge: never incomplete */
  notApplicable: number;
  total: number;
  /** failed checks at MUST level, strict-reading ones apart: any makes the run exit 1 */
  mustFailed: number;
  /** failed checks under a strict reading only (`reading: "strict"`): exit 1 only with --strict */
  strictFailed: number;
  shouldFailed: number;
  /** blocked checks at MUST level: with no MUST failure, the verdict is `incomplete` (exit 1) */
  mustBlocked: number;
}

export function summarise(checks: readonly CheckResult[]): Summary {
  const count = (p: (c: CheckResult) => boolean) => checks.filter(p).length;
  return {
    passed: count((c) => c.status === 'passed'),
    failed: count((c) => c.status === 'failed'),
    skipped: count((c) => c.status === 'skipped'),
    blocked: count((c) => c.status === 'blocked'),
    notApplicable: count((c) => c.status === 'not applicable'),
    total: checks.length,
    mustFailed: count((c) => c.status === 'failed' && c.level === 'MUST' && c.reading !== 'strict'),
    strictFailed: count((c) => c.status === 'failed' && c.reading === 'strict'),
    shouldFailed: count((c) => c.status === 'failed' && c.level === 'SHOULD'),
    mustBlocked: count((c) => c.status === 'blocked' && c.level === 'MUST'),
  };
}

/** A failed check that fails the run: MUST level, and under --strict also the strict-reading ones. */
export function failsRun(c: Pick<CheckResult, 'level' | 'status' | 'reading'>, strict: boolean): boolean {
  return c.status === 'failed' && c.level === 'MUST' && (strict || c.reading !== 'strict');
}
