import type { Catalogue } from '../catalogue/catalogue.js';
import type { Level } from '../catalogue/rule.js';
import type { Selection } from '../target/target.js';
import { groupsOfShard } from './shard.js';
import { CHECK_KEY, checkKey } from '../catalogue/check-key.js';

/** What a pattern of --only / --skip is matched against: the check's rule id and its endpoint group. */
export interface Selectable {
  rule: string;
  level: Level;
  /** the suite file's endpoint group (`contacts`, `tasks`, `isolation`…) */
  group: string;
  /** the check's title: a check key (`rule@hhhhhh`, lib/catalogue/check-key.ts) names one check by it */
  title?: string;
}

// a selection's few patterns are matched against every check of every run: each is compiled once
const compiledGlobs = new Map<string, RegExp>();

/** `*` matches any run of characters (dots included), `?` one character; everything else is literal. */
export function globToRegExp(pattern: string): RegExp {
  const known = compiledGlobs.get(pattern);
  if (known !== undefined) return known;
  const body = pattern
    .split('')
    .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const re = new RegExp(`^${body}$`);
  if (compiledGlobs.size < 1000) compiledGlobs.set(pattern, re);
  return re;
}

function matchesAny(patterns: readonly string[], c: Selectable): boolean {
  return patterns.some((p) => {
    if (CHECK_KEY.test(p)) return c.title !== undefined && checkKey(c.rule, c.title) === p;
    const re = globToRegExp(p);
    return re.test(c.rule) || re.test(c.group);
  });
}

/** Whether a run with this selection registers the check. */
export function isSelected(selection: Selection, c: Selectable): boolean {
  if (selection.level === 'must' && c.level !== 'MUST') return false;
  if (selection.only.length > 0 && !matchesAny(selection.only, c)) return false;
  if (selection.skip.length > 0 && matchesAny(selection.skip, c)) return false;
  return true;
}

/** The selection keeps every check. */
export function selectsEverything(selection: Selection): boolean {
  return selection.only.length === 0 && selection.skip.length === 0 && selection.level === 'all';
}

/**
 * The patterns that name nothing the suite has: no rule id of the catalogue, no endpoint group
 * (most likely typos). Checked before anything starts, so a typo in --only is an exit 2, not a
 * green run of zero checks.
 */
export function patternsMatchingNothing(
  patterns: readonly string[],
  groups: readonly string[],
  catalogue: Catalogue,
): string[] {
  const ids = Object.keys(catalogue.rules);
  return patterns.filter((p) => {
    // a check key names a check of a rule: the rule must exist (the title's hash is checked by the selection)
    const key = CHECK_KEY.exec(p);
    if (key) return !ids.includes(key[1]!);
    const re = globToRegExp(p);
    return !ids.some((id) => re.test(id)) && !groups.some((g) => re.test(g));
  });
}

/** The selection in words, for the console and the report. */
export function describeSelection(selection: Selection): string | undefined {
  if (selectsEverything(selection)) return undefined;
  const parts: string[] = [];
  if (selection.only.length > 0) parts.push(`only ${selection.only.join(', ')}`);
  if (selection.skip.length > 0) parts.push(`skip ${selection.skip.join(', ')}`);
  if (selection.level === 'must') parts.push('MUST level only');
  return parts.join(' · ');
}

/** The checks a run with this selection and shard runs, in the registry's order. */
export function selectChecks<T extends Selectable>(
  all: readonly T[],
  selection: Selection,
  shard?: { index: number; count: number },
): T[] {
  const selected = all.filter((c) => isSelected(selection, c));
  if (shard === undefined) return selected;
  const perGroup = new Map<string, number>();
  for (const c of selected) perGroup.set(c.group, (perGroup.get(c.group) ?? 0) + 1);
  const mine = groupsOfShard(perGroup, shard);
  return selected.filter((c) => mine.has(c.group));
}
