import path from 'node:path';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { CheckResult } from '../check/result.js';
import {
  applyBaseline,
  baselineOf,
  gateLines,
  gateStatus,
  loadBaseline,
  todayUtc,
  writeBaselineFile,
  type Baseline,
  type BaselineOutcome,
} from './baseline.js';

/** What --baseline / --write-baseline ask of a run (or of a merge), resolved before anything starts. */
export interface Gate {
  /** the rules a baseline entry names (the Spec's catalogue) */
  catalogue: Catalogue;
  baseline?: { data: Baseline; shownAs: string };
  writeBaseline?: string;
  today: string;
  /** --strict: failures under strict-reading rules fail the run too */
  strict: boolean;
  /** --allow-incomplete: MUST checks skipped (a fixture or key the run lacks on purpose) do not fail it */
  allowIncomplete: boolean;
}

/** Loads and validates the baseline up front: an invalid one is an exit 2 before any request. */
export function prepareGate(
  o: { baseline?: string; writeBaseline?: string; strict?: boolean; allowIncomplete?: boolean },
  catalogue: Catalogue,
  cwd: string,
  now: Date = new Date(),
): Gate {
  const gate: Gate = {
    catalogue,
    today: todayUtc(now),
    strict: o.strict ?? false,
    allowIncomplete: o.allowIncomplete ?? false,
  };
  if (o.baseline !== undefined) {
    const shownAs = shown(o.baseline, cwd);
    gate.baseline = { data: loadBaseline(o.baseline, catalogue, shownAs), shownAs };
  }
  if (o.writeBaseline !== undefined) gate.writeBaseline = o.writeBaseline;
  return gate;
}

export interface Settled {
  /** the checks, a failed one in the baseline marked `baselined: true` */
  checks: CheckResult[];
  /** the report's `baseline` block (with --baseline) */
  outcome?: BaselineOutcome;
  /**
   * 0: no MUST-level deviation outside the baseline, no MUST check blocked or (without
   * --allow-incomplete) skipped, and no stale or expired entry; else 1
   */
  status: 0 | 1;
  lines: string[];
}

/**
 * Applies the baseline to a run's checks (`partial`: a shard, whose stale entries the merge judges)
 * and writes --write-baseline. Writing a baseline never changes the run's exit status.
 */
export function settleGate(
  checks: readonly CheckResult[],
  gate: Gate,
  cwd: string,
  o: { partial?: boolean } = {},
): Settled {
  let marked = [...checks];
  let outcome: BaselineOutcome | undefined;
  if (gate.baseline) {
    const applied = applyBaseline(checks, gate.baseline.data, gate.baseline.shownAs, gate.catalogue, {
      today: gate.today,
      partial: o.partial ?? false,
    });
    marked = applied.checks;
    outcome = applied.outcome;
  }
  const lines = gateLines(marked, outcome, gate.strict, gate.allowIncomplete);
  if (gate.writeBaseline !== undefined) {
    const written = baselineOf(checks, gate.baseline?.data, gate.today);
    writeBaselineFile(gate.writeBaseline, written);
    const n = written.deviations.length;
    lines.push(`baseline written: ${shown(gate.writeBaseline, cwd)} (${n} deviation${n === 1 ? '' : 's'})`);
  }
  return {
    checks: marked,
    ...(outcome ? { outcome } : {}),
    status: gateStatus(marked, outcome, gate.strict, gate.allowIncomplete),
    lines,
  };
}

/** A path as the console shows it: relative to the working directory when inside it, else absolute. */
function shown(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}
