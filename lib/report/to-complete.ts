import type { CheckResult } from '../check/result.js';
import type { SkipNeed } from '../check/outcome.js';
import { namesFixtureKey, type FixturesKnowledge } from '../target/fixtures-in-use.js';

/**
 * "To complete this run": the skipped checks grouped by what the user supplies (a fixtures key or a
 * flag), each with the checks it unlocks, what it is and how to get it. A skip always names what to
 * supply; what the server's legal choices leave nothing to judge is no skip but `not applicable`
 * (lib/check/not-applicable.ts), which never makes a run incomplete. A skip that names nothing (a
 * report of an older run) is listed apart, with its reason.
 */
export interface Supplied {
  /** the fixtures key or flag; empty for skips that name none */
  key: string;
  kind: SkipNeed['kind'] | 'unnamed';
  what?: string;
  how?: string;
  /** what is wrong with a value that is set (or, for a skip that names no key, its reason), each once */
  problems: string[];
  /** the checks it unlocks, MUST first */
  checks: Array<Pick<CheckResult, 'id' | 'title' | 'level'>>;
  /** how many of them are MUST-level */
  must: number;
}

/**
 * A key path at the start of a free-text skip reason (`taskToArchive: every task it lists…`): camelCase
 * or dotted, as no English word of a reason is (`contact create refused` names no key).
 */
const LEADING_KEY = /^([a-z]+[A-Z][A-Za-z]*(?:\.[A-Za-z]+)*|[a-z]+(?:\.[A-Za-z]+)+)\b/;

/** A key path in backticks anywhere in a reason (`contact.createAttributes.department`). */
const NAMED_KEY = /`([a-z][A-Za-z]*\.[A-Za-z.]+)`/g;

/** What a skipped check needs: its recorded `needs`, or what its reason names (reports of older runs). */
export function needOf(
  c: Pick<CheckResult, 'needs' | 'message'>,
  fixturesFile?: FixturesKnowledge,
): SkipNeed | undefined {
  if (c.needs) return c.needs;
  const m = c.message;
  const quoted = /^fixtures: `([^`]+)`(.*)$/s.exec(m);
  if (quoted) {
    const key = quoted[1]!.replace(/\s*\(.*$/s, '');
    if (/^ is not set/.test(quoted[2]!)) return { key, kind: 'missing' };
    return { key, kind: 'unusable', problem: m.replace(/^fixtures: /, '') };
  }
  const flag = /^no (otherOrgApiKey|readOnlyApiKey):/.exec(m);
  if (flag)
    return { key: flag[1] === 'otherOrgApiKey' ? '--other-org-api-key' : '--read-only-api-key', kind: 'missing' };
  if (/^--read-only:/.test(m)) return { key: '--read-only', kind: 'excluded' };
  // a path the fixtures file's schema names: no other word of a reason is one
  const leading = LEADING_KEY.exec(m)?.[1];
  // without the spec's fixtures file no word of a reason is known for a key
  const isKey = (k: string) => fixturesFile !== undefined && namesFixtureKey(k, fixturesFile.schema);
  if (leading !== undefined && isKey(leading)) return { key: leading, kind: 'unusable', problem: m };
  const named = [...m.matchAll(NAMED_KEY)].map((x) => x[1]!).find(isKey);
  if (named !== undefined) return { key: named, kind: 'unusable', problem: m };
  return undefined;
}

/** The skipped checks by what would let them run, the key unlocking the most MUST checks first. */
/** `fixturesFile`: the spec's, which says what each key is and how to get it (absent: keys are only named). */
export function toComplete(checks: readonly CheckResult[], fixturesFile?: FixturesKnowledge): Supplied[] {
  const m = new Map<string, Supplied>();
  for (const c of checks) {
    if (c.status !== 'skipped') continue;
    const need = needOf(c, fixturesFile);
    const key = need?.key.replace(/\[\d+\]$/, '') ?? '';
    const kind = need?.kind ?? 'unnamed';
    const id = `${kind === 'unnamed' ? 'unnamed' : 'key'}\u0000${key}`;
    const supply = key ? fixturesFile?.supplyOf(key) : undefined;
    const entry = m.get(id) ?? {
      key,
      kind,
      ...(supply ? { what: supply.what, how: supply.how } : {}),
      problems: [],
      checks: [],
      must: 0,
    };
    // a key some checks found missing and others unusable is reported as unusable: it is set
    if (kind === 'unusable') entry.kind = 'unusable';
    const problem = need?.problem ?? (kind === 'unnamed' ? c.message : undefined);
    if (problem !== undefined && !entry.problems.includes(problem)) entry.problems.push(problem);
    entry.checks.push({ id: c.id, title: c.title, level: c.level });
    if (c.level === 'MUST') entry.must += 1;
    m.set(id, entry);
  }
  for (const e of m.values())
    e.checks.sort((a, b) => (a.level === b.level ? a.id.localeCompare(b.id) : a.level === 'MUST' ? -1 : 1));
  const order = (e: Supplied) => (e.kind === 'unnamed' ? 1 : 0);
  return [...m.values()].sort((a, b) => order(a) - order(b) || b.must - a.must || b.checks.length - a.checks.length);
}

/** `3 MUST checks, 1 SHOULD (task.delete.archives, auth.forbidden-403, …)` */
export function unlocksText(s: Supplied, shown = 3): string {
  const should = s.checks.length - s.must;
  const counts = [
    ...(s.must > 0 ? [`${s.must} MUST check${s.must === 1 ? '' : 's'}`] : []),
    ...(should > 0 ? [`${should} SHOULD`] : []),
  ].join(', ');
  const ids = [...new Set(s.checks.map((c) => c.id))];
  const more = ids.length - shown;
  return `${counts} (${ids.slice(0, shown).join(', ')}${more > 0 ? `, … ${more} more rule${more === 1 ? '' : 's'}` : ''})`;
}

/** The one line heading a key: `taskToArchive (not given): unlocks 4 MUST checks (…)`. */
export function suppliedHead(s: Supplied): string {
  if (s.kind === 'unnamed')
    return `skipped without naming a key or flag that would let them run (each reason says why): ${unlocksText(s)}`;
  if (s.kind === 'excluded') return `${s.key} (this run's flag): leaving it out unlocks ${unlocksText(s)}`;
  const state = s.kind === 'missing' ? 'not given' : 'set, but unusable';
  return `${s.key} (${state}): unlocks ${unlocksText(s)}`;
}

/** The console's lines for "To complete this run", at most `max` keys. */
export function toCompleteLines(items: readonly Supplied[], max = 12): string[] {
  const out: string[] = [];
  for (const s of items.slice(0, max)) {
    out.push(`  - ${suppliedHead(s)}`);
    for (const p of s.problems.slice(0, 2)) out.push(`      ${s.kind === 'unnamed' ? 'why' : 'wrong'}: ${p}`);
    if (s.kind !== 'unnamed' && s.what) out.push(`      what: ${s.what}`);
    if (s.kind !== 'unnamed' && s.how) out.push(`      how: ${s.how}`);
  }
  if (items.length > max) out.push(`  … and ${items.length - max} more: summary.md and report.html list them all`);
  return out;
}
