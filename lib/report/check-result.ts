import type { Exchange } from '../http/exchange.js';
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
  violations?: Violation[];
  evidence?: Exchange[];
  observations?: Observation[];
  blocked?: boolean;
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
