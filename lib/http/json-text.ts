import { randomBytes } from 'node:crypto';

/**
 * A request body's JSON text, with each long string in it serialised once for the run. The oversize
 * bodies (a 2 MB attribute, one per operation with a body) differ only around one long string: JSON.stringify
 * scans every character of it for escapes, each time, a tenth of a second of a run's CPU in all. A string
 * at least LONG characters long is serialised once and its text kept (the last few only); the body around
 * it is serialised with a stand-in and the kept text put in its place. The text is JSON.stringify's own.
 */
export const LONG = 64 * 1024;

/** the kept serialisations, oldest first: a few, a run sends one long string to a dozen operations */
const kept = new Map<string, string>();
const KEPT_MOST = 4;

/**
 * The stand-in of the n-th long string of a body: a random part of the process's own, so no other string
 * of a body is serialised to it (a JSON text quotes a string's quotes: `"…"` is a whole string or key).
 */
const NONCE = randomBytes(16).toString('hex');
const standIn = (n: number) => `zz-conformance-long-${NONCE}-${n}`;

/** JSON.stringify(value), with the long strings' texts kept from their first serialisation. */
export function jsonText(value: unknown): string {
  const long = longStrings(value);
  if (long.length === 0) return JSON.stringify(value);
  const text = JSON.stringify(value, (_key, v: unknown) => {
    const n = typeof v === 'string' && v.length >= LONG ? long.indexOf(v) : -1;
    return n >= 0 ? standIn(n) : v;
  });
  let out = text;
  long.forEach((s, n) => {
    out = out.split(JSON.stringify(standIn(n))).join(serialised(s));
  });
  return out;
}

function serialised(s: string): string {
  let text = kept.get(s);
  if (text === undefined) {
    text = JSON.stringify(s);
    if (kept.size >= KEPT_MOST) kept.delete(kept.keys().next().value!);
    kept.set(s, text);
  }
  return text;
}

/**
 * The distinct strings of at least LONG characters in a JSON value, walked without recursion (any
 * depth). None where JSON.stringify alone must say what the text is: an object met twice (a cycle, which
 * it refuses), or one with a toJSON of its own (a Date, say).
 */
function longStrings(value: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.length >= LONG && !found.includes(v)) found.push(v);
    } else if (v !== null && typeof v === 'object') {
      if (seen.has(v) || typeof (v as { toJSON?: unknown }).toJSON === 'function') return [];
      seen.add(v);
      for (const item of Array.isArray(v) ? v : Object.values(v)) stack.push(item);
    }
  }
  return found;
}
