import { failsRun, type CheckResult } from '../check/result.js';
import { ruleEntries, type Catalogue } from '../catalogue/catalogue.js';
import type { Untested } from './certificate-file.js';

/**
 * conforms: every MUST-level check ran and passed · does not conform: a MUST-level check failed ·
 * incomplete: none failed, but a MUST-level check was skipped or blocked (not applicable is neither),
 * the run's selection left a MUST rule out, or the run was interrupted: the run cannot say the server
 * conforms to what it did not test. One verdict, computed here, in every output (console, summary.md, report.html,
 * badge.svg, junit.xml, conformance.json, certificate.json).
 */
export type Verdict = 'conforms' | 'does not conform' | 'incomplete';

/** How much of the MUST level a run tested. */
export interface Completeness {
  /** MUST-level checks in the run */
  mustChecks: number;
  /** MUST-level checks that ran to a verdict (passed or failed) */
  mustRan: number;
  mustSkipped: number;
  mustBlocked: number;
  /** MUST-level checks the server's legal choices leave nothing to judge: they never make a run incomplete */
  mustNotApplicable: number;
  /** MUST rules of the catalogue with no check in the run: left out by --only, --skip or --shard */
  mustRulesLeftOut: number;
  interrupted: boolean;
}

/** What a run's report knows of its own scope. */
export interface RunScope {
  /** the selection (--only, --skip) or a shard left checks out: MUST rules with no check are counted */
  narrowed?: boolean;
  interrupted?: boolean;
}

type Judged = Pick<CheckResult, 'id' | 'level' | 'status' | 'reading'>;

/** How much of the MUST level the checks tested; a narrowed run's MUST rules left out are the catalogue's. */
export function completenessOf(checks: readonly Judged[], catalogue: Catalogue, scope: RunScope = {}): Completeness {
  const must = checks.filter((c) => c.level === 'MUST');
  const n = (s: CheckResult['status']) => must.filter((c) => c.status === s).length;
  const present = new Set(checks.map((c) => c.id));
  const leftOut = scope.narrowed
    ? ruleEntries(catalogue).filter(([id, r]) => r.level === 'MUST' && !present.has(id)).length
    : 0;
  return {
    mustChecks: must.length,
    mustRan: n('passed') + n('failed'),
    mustSkipped: n('skipped'),
    mustBlocked: n('blocked'),
    mustNotApplicable: n('not applicable'),
    mustRulesLeftOut: leftOut,
    interrupted: scope.interrupted === true,
  };
}

/** The run's one verdict (see Verdict). `strict`: failures under strict-reading rules count as MUST failures. */
export function verdictOf(
  checks: readonly Judged[],
  catalogue: Catalogue,
  strict = false,
  scope: RunScope = {},
): Verdict {
  if (checks.some((c) => failsRun(c, strict))) return 'does not conform';
  return isComplete(completenessOf(checks, catalogue, scope)) ? 'conforms' : 'incomplete';
}

export function isComplete(c: Completeness): boolean {
  return c.mustSkipped === 0 && c.mustBlocked === 0 && c.mustRulesLeftOut === 0 && !c.interrupted;
}

/**
 * What an incomplete run lacks, in words: `118 MUST checks skipped (what to supply: "To complete this
 * run"), 2 blocked`. Empty for a complete run.
 */
export function lacking(c: Completeness): string[] {
  const out: string[] = [];
  if (c.mustSkipped > 0) out.push(`${c.mustSkipped} MUST-level check${c.mustSkipped === 1 ? '' : 's'} skipped`);
  if (c.mustBlocked > 0) out.push(`${c.mustBlocked} blocked`);
  if (c.mustRulesLeftOut > 0)
    out.push(
      `${c.mustRulesLeftOut} MUST rule${c.mustRulesLeftOut === 1 ? '' : 's'} left out by the selection (--only, --skip, --shard)`,
    );
  if (c.interrupted) out.push('the run was interrupted');
  return out;
}

/**
 * The MUST rules an incomplete run's checks did not take to a verdict, named, as every report and
 * verify-certificate name them: `MUST rule not tested: error.code.limit-out-of-range (blocked)`. Rules
 * with no check in the run are counted by `lacking` (a narrowed run leaves out a hundred). Empty when none.
 */
export function untestedPhrase(all: readonly Untested[], shown = 5): string {
  const untested = all.filter((u) => u.outcome !== 'not run');
  if (untested.length === 0) return '';
  const named = untested
    .slice(0, shown)
    .map((u) => `${u.rule} (${u.outcome})`)
    .join(', ');
  const more = untested.length > shown ? `, … and ${untested.length - shown} more` : '';
  return `MUST rule${untested.length === 1 ? '' : 's'} not tested: ${named}${more}`;
}
