import type { SpecJudges } from '../check/judges.js';

/**
 * How the spec's bodies wrap what they carry (SpecJudges.wrapping), for reading a failing JSON path:
 * handed down from the Spec with the reports' options; a report told none skips no key as a wrapper.
 */
export type Wrapping = SpecJudges['wrapping'];
export const NO_WRAPPING: Wrapping = { wrappers: [], typeKey: '' };

/**
 * The spec's words a failure broke. A rule's quote may join several rows or sentences (`… | id |
 * string, uuid | … | attributes | object | …`) or be a whole endpoint row; a reader wants the one
 * sentence the failure broke, and within it the clause that states what was expected. Chosen by the
 * names the failure involves: the failing JSON path's keys, the property a schema message names,
 * the value_type of the value that failed, the words of the expectation.
 */
export interface BrokenSentence {
  /** the sentence (or table row) broken, as the spec writes it */
  sentence: string;
  /** where it sits, when the sentence is a cell of an endpoint row: `Response of GET /contact/{contact_id}` */
  where?: string;
  /** the clause of it that states the expectation (a part of `sentence`), when one can be told */
  clause?: string;
}

const HTTP_METHODS = /^(GET|POST|PUT|PATCH|DELETE)$/;

/** The names a failure involves, most telling first. */
export function namesOf(
  f: { expected?: string; actual?: string; at?: string; body?: unknown },
  wrapping: Wrapping,
): string[] {
  const out: string[] = [];
  const add = (n: string | undefined) => {
    if (n && n.length > 1 && !/^\d+$/.test(n) && !out.includes(n)) out.push(n);
  };
  for (const m of (f.actual ?? '').matchAll(/(?:required|additional) property '([^']+)'|\bno "([^"]+)"/g))
    add(m[1] ?? m[2]);
  const segments = (f.at ?? '').split('/').filter(Boolean).reverse();
  const { wrappers } = wrapping;
  for (const s of segments) if (!wrappers.includes(s)) add(s.replace(/~1/g, '/').replace(/~0/g, '~'));
  add(valueTypeAt(f.body, f.at, wrapping.typeKey));
  for (const m of `${f.expected ?? ''} ${f.actual ?? ''}`.matchAll(/`([^`]+)`|"([a-z_]+)"|\b([a-z]+_[a-z_]+)\b/g))
    add(m[1] ?? m[2] ?? m[3]);
  for (const s of segments) add(s);
  return out;
}

/** The type of the nearest typed value at or above a JSON Pointer in a body (its `value_type`, in this spec). */
function valueTypeAt(body: unknown, at: string | undefined, typeKey: string): string | undefined {
  if (body === undefined || at === undefined) return undefined;
  const typeOf = (node: unknown) =>
    node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[typeKey] : undefined;
  let node: unknown = body;
  let found: string | undefined;
  for (const part of at.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') break;
    const type = typeOf(node);
    if (typeof type === 'string') found = type;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  const last = typeOf(node);
  return typeof last === 'string' ? last : found;
}

const mentions = (text: string, name: string) =>
  new RegExp(`(^|[^A-Za-z0-9_])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9_])`, 'i').test(text);

/** The first of `parts` that mentions the most telling name; undefined when none mentions any. */
function best(parts: readonly string[], names: readonly string[]): string | undefined {
  for (const n of names) {
    const hit = parts.find((p) => mentions(p, n));
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** The smallest clause of a sentence that mentions one of the names: inside braces, split at commas. */
function clauseOf(sentence: string, names: readonly string[]): string | undefined {
  const inner = /\{([^{}]*)\}/.exec(sentence);
  const pools = [
    ...(inner ? [inner[1]!.split(/,\s*/).map((x) => x.trim())] : []),
    // a table row is one statement: only what its braces hold splits further
    ...(sentence.startsWith('|') ? [] : [sentence.split(/;\s*|,\s+(?=[a-z`])|\s+and\s+/).map((x) => x.trim())]),
  ];
  for (const pool of pools) {
    const hit = best(pool, names);
    if (hit !== undefined && hit !== sentence.trim()) return hit;
  }
  return undefined;
}

/** The sentence of a rule's quote that a failure broke (see BrokenSentence). */
export function brokenSentence(
  quote: string,
  f: { expected?: string; actual?: string; at?: string; body?: unknown },
  wrapping: Wrapping,
): BrokenSentence {
  const names = namesOf(f, wrapping);
  const fragments = quote
    .split(/\s+…\s+|\s*…\s*(?=\|)/)
    .map((x) => x.trim())
    .filter((x) => x !== '' && x !== '|' && x !== '…');
  const rows = fragments.flatMap(splitRows);
  const sentences = rows.flatMap((r) => (r.startsWith('|') ? [r] : r.split(/(?<=\.)\s+(?=[A-Z`])/)));
  const sentence = best(sentences, names) ?? (sentences.length === 1 ? sentences[0]! : quote);
  const cells = sentence.startsWith('|') ? cellsOf(sentence) : [];
  if (cells.length >= 3 && HTTP_METHODS.test(cells[0]!)) {
    const [method, path, ...rest] = cells as [string, string, ...string[]];
    const labelled: Array<[string, string]> =
      rest.length >= 2
        ? [
            ['Request', rest[0]!],
            ['Response', rest[1]!],
          ]
        : [['Response', rest[0]!]];
    const [label, cell] =
      labelled.find(([, c]) => best([c], names) !== undefined && /request|body|attributes/i.test(f.expected ?? '')) ??
      labelled.find(([l]) => l === 'Response') ??
      labelled[0]!;
    const clause = clauseOf(cell, names);
    return { sentence: cell, where: `${label} of ${method} ${path}`, ...(clause ? { clause } : {}) };
  }
  const clause = clauseOf(sentence, names);
  return { sentence, ...(clause ? { clause } : {}) };
}

/** `| a | b | c | d |` holding several rows (`| a | b | | c | d |` after a join) → each row. */
function splitRows(fragment: string): string[] {
  if (!fragment.startsWith('|')) {
    const i = fragment.indexOf(' |');
    // prose, then a row: `Every error response has this body: | status_code | integer |`
    return i > 0 && fragment.endsWith('|') ? [fragment.slice(0, i).trim(), fragment.slice(i + 1).trim()] : [fragment];
  }
  return [fragment];
}

function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
}
