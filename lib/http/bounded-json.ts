import { TooManyJsonValues } from './bounded-read.js';
import {
  MAX_JSON_CHARS,
  MAX_JSON_DEPTH,
  MAX_JSON_STRING,
  MAX_JSON_VALUES,
  startsAsJson,
  tooDeep,
} from './json-bytes.js';
import { cutMarker, detached } from '../util/short-text.js';

/**
 * Memory bounded by what is kept, not by what is sent. An answer's body is read whole (up to
 * --max-response-bytes, a large one as bytes first: lib/http/bounded-read.ts, json-bytes.ts), but
 * what the run keeps of it is bounded at parse time:
 *
 * - its JSON is parsed only when it holds at most MAX_JSON_VALUES values and MAX_JSON_CHARS
 *   characters of strings (a 15 MB `[{},{},…]` is five million objects, over a gigabyte once
 *   parsed): past either the answer is no usable answer, like one past the read cap, and the
 *   checks that needed it are blocked, saying why;
 * - its JSON is parsed only when nested at most MAX_JSON_DEPTH levels deep (every walk over it recurses);
 * - a JSON string longer than MAX_JSON_STRING is cut as it is parsed, its length shown;
 * - the text kept beside the parsed value is its first KEPT_TEXT characters (the evidence shows 8 KiB).
 */
export const KEPT_TEXT = 64 * 1024;

/**
 * One pass over a JSON text: about how many values it holds (each `{`, `[` and `,` outside strings
 * starts one), its longest string, and the characters of strings kept once each is cut at
 * MAX_JSON_STRING. Cheap next to parsing it.
 */
export function jsonShape(text: string): { values: number; longestString: number; keptChars: number; depth: number } {
  let values = 1;
  let longest = 0;
  let kept = 0;
  let depth = 0;
  let deepest = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (start >= 0) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) {
        const n = i - start;
        kept += Math.min(n, MAX_JSON_STRING);
        if (n > longest) longest = n;
        start = -1;
      }
    } else if (c === 0x22) start = i + 1;
    else if (c === 0x2c) values += 1;
    else if (c === 0x5b || c === 0x7b) {
      values += 1;
      deepest = Math.max(deepest, ++depth);
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return { values, longestString: longest, keptChars: kept, depth: deepest };
}

/** A string cut at `max` characters, saying how long it was. */
function cut(s: string, max: number): string {
  return detached(s.slice(0, max)) + cutMarker(s.length);
}

/**
 * The parsed JSON of an answer's text, bounded (see above); undefined when the text is not JSON.
 * Throws TooManyJsonValues past MAX_JSON_VALUES values or MAX_JSON_CHARS characters of strings.
 */
export function parseBounded(text: string): unknown {
  // what does not start as JSON does is not JSON (and its commas are no values)
  if (!startsAsJson(/\S/.exec(text.slice(0, 64))?.[0].charCodeAt(0))) return undefined;
  // A text shorter than MAX_JSON_VALUES characters holds no more values, characters of strings or
  // characters in one string than the bounds allow: only its depth is left to bound, and its parse shows
  // it (V8's JSON.parse does not recurse). jsonShape's pass over every character cost a run 15 ms, most
  // of it before V8 had optimised it. A text that does not parse, or parses too deep, takes the path below.
  if (text.length < MAX_JSON_VALUES) {
    const parsed = parsedOrNot(text);
    if (parsed !== NOT_JSON && !deeperThan(parsed, MAX_JSON_DEPTH)) return parsed;
  }
  return shapedParse(text);
}

const NOT_JSON = Symbol('not JSON');

function parsedOrNot(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** Whether a parsed value nests arrays and objects more than `max` levels deep (it recurses at most `max` + 1). */
function deeperThan(v: unknown, max: number): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (max === 0) return true;
  for (const item of Array.isArray(v) ? v : Object.values(v)) if (deeperThan(item, max - 1)) return true;
  return false;
}

/** The parse bounded by a pass over the text's characters (jsonShape) first. */
function shapedParse(text: string): unknown {
  const shape = jsonShape(text);
  // every walk over a value (redaction, schemas, evidence) recurses: depth is bounded as bytes are
  if (shape.depth > MAX_JSON_DEPTH) throw new TooManyJsonValues(tooDeep(shape.depth));
  if (shape.values > MAX_JSON_VALUES)
    throw new TooManyJsonValues(`more than ${MAX_JSON_VALUES} values (about ${shape.values})`);
  if (shape.keptChars > MAX_JSON_CHARS)
    throw new TooManyJsonValues(`more than ${MAX_JSON_CHARS} characters of strings (${shape.keptChars})`);
  // a string already cut as bytes (lib/http/json-bytes.ts) is its cut and its marker: not cut again
  const longest = MAX_JSON_STRING + 64;
  try {
    if (shape.longestString <= longest) return JSON.parse(text) as unknown;
    return JSON.parse(text, (_k, v: unknown) =>
      typeof v === 'string' && v.length > longest ? cut(v, MAX_JSON_STRING) : v,
    ) as unknown;
  } catch {
    return undefined;
  }
}

/** Characters past KEPT_TEXT looked at before the cut, so a key that straddles it is redacted whole. */
const SLACK = 4096;

/** The text kept of an answer: redacted, then cut at KEPT_TEXT characters with a marker saying so. */
export function keptText(text: string, redact: (s: string) => string): string {
  if (text.length <= KEPT_TEXT) return redact(text);
  // detached: a slice would keep the whole answer alive as long as the exchange lives
  const head = detached(redact(text.slice(0, KEPT_TEXT + SLACK)).slice(0, KEPT_TEXT));
  return `${head}…[truncated: the answer was ${text.length} characters]`;
}
