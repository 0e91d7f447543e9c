import { createHash } from 'node:crypto';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { CheckResult } from '../check/result.js';
import { completenessOf, verdictOf, type Completeness, type RunScope, type Verdict } from '../certificate/verdict.js';
import { untestedOf, type Untested } from '../certificate/certificate-file.js';

export const SPEC_VERSION = 'v2';

export { verdictOf, completenessOf, type Verdict, type Completeness, type RunScope };

/**
 * What a run certifies, so a server team can publish it: the suite and spec versions, the target,
 * the verdict (no MUST-level check failed: conforms), the MUST and SHOULD scores, every skipped
 * check with its reason, and a fingerprint of every check's outcome. Anyone holding the report can
 * recompute the fingerprint from `checks` and so tell which run a published badge came from.
 */
export interface Certificate {
  suiteVersion: string;
  specVersion: typeof SPEC_VERSION;
  target: string;
  date: string;
  verdict: Verdict;
  /**
   * the reading the verdict was issued under: `default` (failures under strict-reading rules are
   * reported, not counted against it) or `strict` (--strict: they are)
   */
  reading: 'default' | 'strict';
  /** failed checks under strict-reading rules (`reading: "strict"`), counted apart from `must` */
  strictFailed: number;
  /**
   * checks of the level: passed, failed, blocked (not tested: a set-up step failed), skipped (not
   * tested: the run lacked what they need), and all of them
   */
  must: { passed: number; failed: number; blocked: number; skipped: number; total: number };
  should: { passed: number; failed: number; blocked: number; skipped: number; total: number };
  /** how much of the MUST level the run tested: what makes a verdict `incomplete` */
  completeness: Completeness;
  skipped: Array<{ id: string; reason: string }>;
  /**
   * the MUST rules the run did not test, each with why (blocked by a step, skipped, no check of it in
   * the run): the list certificate.json's rules give and verify-certificate prints
   */
  untested?: Untested[];
  /** checks whose rule the server's legal choices leave nothing to judge, with the answers that show it */
  notApplicable?: Array<{ id: string; reason: string }>;
  /** sha256 (hex) of the canonical outcome list, see fingerprintOf */
  fingerprint: string;
}

/**
 * sha256 over the canonical list of `[id, title, status]` of every check, sorted by id then title
 * (so the order checks finished in does not matter), serialised as JSON with no whitespace.
 * Same outcomes, same fingerprint; one status changed, another.
 */
export function fingerprintOf(checks: ReadonlyArray<Pick<CheckResult, 'id' | 'title' | 'status'>>): string {
  const canonical = checks
    .map((c) => [c.id, c.title, c.status] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export function certificateOf(
  checks: readonly CheckResult[],
  catalogue: Catalogue,
  o: { suiteVersion: string; target: string; date: string; strict?: boolean; scope?: RunScope },
): Certificate {
  const score = (level: CheckResult['level']) => {
    const own = checks.filter((c) => c.level === level);
    const n = (s: CheckResult['status']) => own.filter((c) => c.status === s).length;
    const failed = own.filter((c) => c.status === 'failed' && c.reading !== 'strict').length;
    return { passed: n('passed'), failed, blocked: n('blocked'), skipped: n('skipped'), total: own.length };
  };
  return {
    suiteVersion: o.suiteVersion,
    specVersion: SPEC_VERSION,
    target: o.target,
    date: o.date,
    verdict: verdictOf(checks, catalogue, o.strict ?? false, o.scope),
    reading: o.strict === true ? 'strict' : 'default',
    strictFailed: checks.filter((c) => c.status === 'failed' && c.reading === 'strict').length,
    must: score('MUST'),
    should: score('SHOULD'),
    completeness: completenessOf(checks, catalogue, o.scope),
    skipped: checks.filter((c) => c.status === 'skipped').map((c) => ({ id: c.id, reason: c.message })),
    untested: untestedOf(checks, catalogue),
    notApplicable: checks.filter((c) => c.status === 'not applicable').map((c) => ({ id: c.id, reason: c.message })),
    fingerprint: fingerprintOf(checks),
  };
}
