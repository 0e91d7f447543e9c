import { SHOWN_BY_MAX } from '../evidence/rerun.js';
import type { CheckName, RunPart, ShownBy, Violation } from './outcome.js';

export { SHOWN_BY_MAX };

/** The fixtures check, as a violation it showed names it. */
export const FIXTURES_CHECK: RunPart = { part: 'fixtures check' };

/** The probe (one read per key before anything else), as a violation it showed names it. */
export const PROBE: RunPart = { part: 'probe' };

export function isCheckName(s: ShownBy): s is CheckName {
  return 'rule' in s;
}

const same = (a: ShownBy, b: ShownBy): boolean =>
  isCheckName(a) ? isCheckName(b) && a.rule === b.rule && a.title === b.title : !isCheckName(b) && a.part === b.part;

/** `v` naming `by` too (after those it names, once, up to SHOWN_BY_MAX): a new violation, `v` unchanged. */
export function alsoShownBy(v: Violation, by: ShownBy | undefined): Violation {
  const named = v.shownBy ?? [];
  if (by === undefined || named.length >= SHOWN_BY_MAX || named.some((s) => same(s, by))) return v;
  return { ...v, shownBy: [...named, by] };
}

/** The checks a violation names, in the order met. */
export function checksShowing(v: Pick<Violation, 'shownBy'>): CheckName[] {
  return (v.shownBy ?? []).filter(isCheckName);
}

/**
 * The checks a rerun of the check that judged `violations` runs beside it, so that an answer showing
 * each comes again: the checks whose answers showed it, none where the probe or the fixtures check
 * showed it too (every run makes them: their answer comes again anyway).
 */
export function shownBy(violations: ReadonlyArray<Pick<Violation, 'shownBy'>>): CheckName[] {
  return violations.flatMap((v) => ((v.shownBy ?? []).some((s) => !isCheckName(s)) ? [] : checksShowing(v)));
}

/**
 * What a result's message adds when the answer that showed its violation (its evidence) was the
 * fixtures check's or the probe's: no check of the run asked for it, and its rerun shows it again
 * because every run makes both before its checks. Short: the console shows a message on one line of 200 characters.
 */
export function shownByNote(v: Pick<Violation, 'shownBy'> | undefined): string {
  const first = v?.shownBy?.[0];
  return first !== undefined && !isCheckName(first) ? ` (shown by the ${first.part}'s answer)` : '';
}
