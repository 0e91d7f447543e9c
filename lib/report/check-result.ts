import type { ReportExchange } from '../evidence/truncate.js';
import type { Observation, Violation } from '../check/meta.js';
import type { Level } from '../rules/rule.js';

export type CheckStatus = 'passed' | 'failed' | 'skipped';

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
  /** the exchanges of a failed check; bodies cut past MAX_BODY_BYTES (lib/evidence/truncate.ts) */
  evidence?: ReportExchange[];
  observations?: Observation[];
  blocked?: boolean;
  /** how long the check took, its cleanups included (absent for a check skipped before it ran) */
  durationMs?: number;
  /** a failed check whose rule is in the --baseline: a known deviation, it does not fail the gate */
  baselined?: boolean;
}

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  total: number;
  /** failed checks at MUST level: any makes the run exit 1 */
  mustFailed: number;
  shouldFailed: number;
}

export function summarise(checks: readonly CheckResult[]): Summary {
  const count = (p: (c: CheckResult) => boolean) => checks.filter(p).length;
  return {
    passed: count((c) => c.status === 'passed'),
    failed: count((c) => c.status === 'failed'),
    skipped: count((c) => c.status === 'skipped'),
    total: checks.length,
    mustFailed: count((c) => c.status === 'failed' && c.level === 'MUST'),
    shouldFailed: count((c) => c.status === 'failed' && c.level === 'SHOULD'),
  };
}
