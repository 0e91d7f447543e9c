import { cutMarker } from '../util/short-text.js';

/**
 * What the run keeps of one JSON answer (lib/http/bounded-json.ts says why): at most
 * MAX_JSON_VALUES values and MAX_JSON_CHARS characters of strings, each string cut at
 * MAX_JSON_STRING. The largest answer of a whole run against the reference holds about 400 values
 * and 10 KB; the longest value a check writes and reads back is 100 KB.
 */
export const MAX_JSON_VALUES = 50_000;
export const MAX_JSON_CHARS = 1024 * 1024;
export const MAX_JSON_STRING = 128 * 1024;
/**
 * the deepest nesting of arrays and objects the run reads (issue 38): an answer a few thousand levels
 * deep (15 KB) overflowed the stack of every walk over it. The reference's deepest answer is 6 levels.
 */
export const MAX_JSON_DEPTH = 64;

/** Why an answer nested deeper than MAX_JSON_DEPTH is not read. */
export function tooDeep(depth: number): string {
  return `arrays and objects nested ${depth} levels deep (the run reads at most ${MAX_JSON_DEPTH}): too deep`;
}

/** Whether a text (or its bytes) starts the way JSON does: what does not is not parsed as JSON. */
export function startsAsJson(first: number | undefined): boolean {
  if (first === undefined) return false;
  // [ { " - 0-9 t f n
  return (
    first === 0x5b ||
    first === 0x7b ||
    first === 0x22 ||
    first === 0x2d ||
    (first >= 0x30 && first <= 0x39) ||
    first === 0x74 ||
    first === 0x66 ||
    first === 0x6e
  );
}

function firstByte(buf: Buffer): number | undefined {
  for (const b of buf) if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return b;
  return undefined;
}

/**
 * A large answer's body, bounded before it ever becomes a string: refused (why) when its JSON holds
 * more than the run keeps, else its bytes with every string longer than MAX_JSON_STRING cut there
 * (at a character and escape boundary) and ending in a marker of its whole length in bytes. One
 * pass over the bytes; no string of the whole body is made for an answer that is refused.
 */
export function boundJsonBytes(buf: Buffer): { refused: string } | { bytes: Buffer } {
  if (!startsAsJson(firstByte(buf))) return { bytes: buf };
  let values = 1;
  let kept = 0;
  let depth = 0;
  let deepest = 0;
  let start = -1;
  let cutAt = -1;
  const cuts: Array<[number, number, number]> = [];
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i]!;
    if (start < 0) {
      if (b === 0x22) {
        start = i + 1;
        cutAt = -1;
      } else if (b === 0x2c) values += 1;
      else if (b === 0x5b || b === 0x7b) {
        values += 1;
        deepest = Math.max(deepest, ++depth);
      } else if (b === 0x5d || b === 0x7d) depth -= 1;
      continue;
    }
    const long = i - start >= MAX_JSON_STRING;
    if (b === 0x5c) {
      if (long && cutAt < 0) cutAt = i;
      i += buf[i + 1] === 0x75 ? 5 : 1;
    } else if (b === 0x22) {
      kept += Math.min(i - start, MAX_JSON_STRING);
      if (cutAt >= 0) cuts.push([cutAt, i, i - start]);
      start = -1;
    } else if (long && cutAt < 0 && (b & 0xc0) !== 0x80) cutAt = i;
  }
  if (deepest > MAX_JSON_DEPTH) return { refused: tooDeep(deepest) };
  if (values > MAX_JSON_VALUES) return { refused: `more than ${MAX_JSON_VALUES} values (about ${values})` };
  if (kept > MAX_JSON_CHARS) return { refused: `more than ${MAX_JSON_CHARS} characters of strings (${kept})` };
  if (cuts.length === 0) return { bytes: buf };
  const pieces: Buffer[] = [];
  let from = 0;
  for (const [at, close, length] of cuts) {
    pieces.push(buf.subarray(from, at), Buffer.from(cutMarker(length, 'bytes')));
    from = close;
  }
  pieces.push(buf.subarray(from));
  return { bytes: Buffer.concat(pieces) };
}
