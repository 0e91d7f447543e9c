import { mergedSpans, type KeySpan } from './key-spans.js';

/**
 * A key in a hex dump a server echoes (`xxd`, `xxd -p`, `hexdump -C`, a debugging echo of the request's
 * bytes): its bytes stand in the hex column and again in the ASCII column, each split wherever the dump's
 * lines break, which no whole-key form finds. The dump is read back to its bytes: each line's offset, hex
 * column and ASCII column; the lines of one dump (consecutive, the break as it is or escaped in a JSON
 * string) give one stream of bytes, the key is looked for in it, and every place that shows one of its
 * bytes is replaced: its hex digits and its ASCII characters, on each line they stand on. Where a line's
 * ASCII column cannot be found, the rest of that line is replaced (what cannot be read is not shown).
 * Read only where each of a key's bytes is written in hex somewhere in the text (most texts are let go
 * after a few substring searches); then each line as short as a dump's read once (its offset column
 * looked for in it alone: a text of megabytes on a few long lines is never scanned for one), with no
 * pattern whose backtracking grows with the line.
 */

/** A line break as a dump's text holds it: as is, or escaped inside a JSON string. */
const LINE_BREAK = /\r\n|\n|\r|\\r\\n|\\n|\\r/g;

/** A dump's line is short (`xxd -c 64` is some 240 characters): a longer line is read as no dump's. */
const LONGEST_LINE = 400;

/**
 * An offset column right before the hex column: `00000010:` (xxd), `00000010  ` (hexdump -C), `000010 `
 * (od -A x); not inside a word (but after an escaped line break, `\n`).
 */
const OFFSET =
  /(?<!(?<!\\)[0-9A-Za-z])(?:[0-9A-Fa-f]{4,16}(?::[ \t]*|[ \t]{2,})|[0-9A-Fa-f]{6,16}[ \t])(?=[0-9A-Fa-f]{2})/;

/** A hex column: byte pairs, grouped by spaces (one or two) or run together, from `lastIndex` on. */
const HEX_COLUMN = /[0-9A-Fa-f]{2}(?:[ \t]{0,2}[0-9A-Fa-f]{2})*/y;

interface DumpLine {
  /** each byte of the hex column */
  bytes: number[];
  /** where each byte's two digits start in the text */
  hexAt: number[];
  /** where each byte's ASCII rendering starts and ends in the text, when the column was found */
  asciiAt?: Array<[number, number]>;
  /** where the line ends in the text */
  end: number;
}

/** A byte as a dump's ASCII column shows it; `json`: inside a JSON string, `"` and `\` escaped. */
function rendered(byte: number, json: boolean): string {
  const c = byte >= 0x20 && byte <= 0x7e ? String.fromCharCode(byte) : '.';
  return json && (c === '"' || c === '\\') ? `\\${c}` : c;
}

/** The ASCII column of the first `count` bytes, right after position `at` of the line (spaces and `|` before). */
function asciiColumn(line: string, at: number, bytes: number[], count: number): Array<[number, number]> | undefined {
  let start = at;
  while (start < line.length && /[ \t|>]/.test(line[start]!)) start += 1;
  for (const json of [false, true]) {
    const out: Array<[number, number]> = [];
    let p = start;
    for (let i = 0; i < count; i++) {
      const r = rendered(bytes[i]!, json);
      if (!line.startsWith(r, p)) break;
      out.push([p, p + r.length]);
      p += r.length;
    }
    if (out.length === count) return out;
  }
  return undefined;
}

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isSpace = (c: number) => c === 0x20 || c === 0x09;
/** What may close a line of hex alone: a JSON string's quote, a comma, a bracket, spaces. */
const isClosing = (c: number) => c === 0x22 || c === 0x27 || c === 0x2c || c === 0x5d || c === 0x7d || c <= 0x20;
/** What may stand before a line of hex alone: nothing, a space, a quote (a JSON string's first line). */
const isOpening = (c: number) => c === 0x22 || c === 0x27 || c <= 0x20;

/**
 * Where a line of hex alone (`xxd -p`) starts its hex: the run of hex digits and spaces that ends the
 * line (but for what may close it), after a space or a quote; undefined for any other line. Read from
 * the end, a character at a time: no pattern that tries each start.
 */
function hexOnlyStart(text: string, from: number, to: number): number | undefined {
  let end = to;
  while (end > from && isClosing(text.charCodeAt(end - 1))) end -= 1;
  let start = end;
  while (start > from && (isHex(text.charCodeAt(start - 1)) || isSpace(text.charCodeAt(start - 1)))) start -= 1;
  while (start < end && isSpace(text.charCodeAt(start))) start += 1;
  if (end - start < 2 || (start > from && !isOpening(text.charCodeAt(start - 1)))) return undefined;
  HEX_COLUMN.lastIndex = start;
  return HEX_COLUMN.exec(text)?.[0].length === end - start ? start - from : undefined;
}

/** The bytes of a hex column, and where each stands in the line. */
function hexBytes(column: string, from: number): { bytes: number[]; at: number[] } {
  const bytes: number[] = [];
  const at: number[] = [];
  for (let i = 0; i + 1 < column.length;) {
    if (column[i] === ' ' || column[i] === '\t') {
      i += 1;
      continue;
    }
    bytes.push(parseInt(column.slice(i, i + 2), 16));
    at.push(from + i);
    i += 2;
  }
  return { bytes, at };
}

/**
 * One line of a dump, read: its hex column after an offset column (or a line of hex alone), and its
 * ASCII column. A column that ran on into an ASCII column of hex-looking characters is cut back to the
 * bytes whose rendering follows it.
 */
function dumpLine(text: string, from: number, to: number): DumpLine | undefined {
  if (to - from > LONGEST_LINE) return undefined;
  const line = text.slice(from, to);
  // looked for in the line alone, as in the whole text: a line break is no offset's character, and what
  // stands before a line (a break, or an escaped one's `n` or `r` after its backslash) is no word's
  const offset = OFFSET.exec(line);
  const start = offset ? offset.index + offset[0].length : hexOnlyStart(text, from, to);
  if (start === undefined) return undefined;
  HEX_COLUMN.lastIndex = start;
  const column = HEX_COLUMN.exec(line);
  if (!column) return undefined;
  const { bytes, at } = hexBytes(column[0], start);
  for (let count = bytes.length; count > 0 && offset; count--) {
    const ascii = asciiColumn(line, at[count - 1]! + 2, bytes, count);
    if (ascii)
      return {
        bytes: bytes.slice(0, count),
        hexAt: at.slice(0, count).map((p) => from + p),
        asciiAt: ascii.map(([s, e]) => [from + s, from + e]),
        end: to,
      };
  }
  return { bytes, hexAt: at.map((p) => from + p), end: to };
}

/** The text's dumps: runs of consecutive dump lines. */
function dumps(text: string): DumpLine[][] {
  const out: DumpLine[][] = [];
  let run: DumpLine[] = [];
  let from = 0;
  const close = () => {
    if (run.length > 0) out.push(run);
    run = [];
  };
  // most texts are one line: no iterator over their breaks
  const breaks = text.includes('\n') || text.includes('\r') || text.includes('\\') ? text.matchAll(LINE_BREAK) : [];
  for (const m of breaks) {
    const line = dumpLine(text, from, m.index);
    if (line) run.push(line);
    else close();
    from = m.index + m[0].length;
  }
  const last = dumpLine(text, from, text.length);
  if (last) run.push(last);
  close();
  return out;
}

/** A key's bytes (as a latin1 string), and each byte's hex in either case. */
interface KeyBytes {
  bytes: string;
  hex: Array<[lower: string, upper: string]>;
}
const KEY_BYTES = new Map<string, KeyBytes>();

/** A key's bytes, worked out once a key (a run holds three keys at the most). */
function keyBytes(key: string): KeyBytes {
  let known = KEY_BYTES.get(key);
  if (known) return known;
  const bytes = Buffer.from(key, 'utf8');
  const hex = [...new Set(bytes)].map((b): [string, string] => {
    const lower = b.toString(16).padStart(2, '0');
    return [lower, lower.toUpperCase()];
  });
  known = { bytes: bytes.toString('latin1'), hex };
  if (KEY_BYTES.size > 64) KEY_BYTES.clear();
  KEY_BYTES.set(key, known);
  return known;
}

/** Whether each of a key's bytes is written in hex somewhere in the text: else no dump in it shows the key. */
function shown(text: string, hex: KeyBytes['hex']): boolean {
  for (const [lower, upper] of hex) if (!text.includes(lower) && !text.includes(upper)) return false;
  return true;
}

/** The places that show bytes `first` to `last` of a dump (indexes into its stream), a line at a time. */
function placesOf(dump: DumpLine[], first: number, last: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let base = 0;
  for (const line of dump) {
    const lo = Math.max(first - base, 0);
    const hi = Math.min(last - base, line.bytes.length - 1);
    base += line.bytes.length;
    if (lo > hi) continue;
    out.push([line.hexAt[lo]!, line.hexAt[hi]! + 2]);
    // an ASCII column not found: the rest of the line, where it would stand
    if (line.asciiAt) out.push([line.asciiAt[lo]![0], line.asciiAt[hi]![1]]);
    else if (line.hexAt.at(-1)! + 2 < line.end) out.push([line.hexAt.at(-1)! + 2, line.end]);
  }
  return out;
}

/**
 * Where in `text` a hex dump shows some of a key's bytes: [start, end, index of the key] triples, in
 * order, none overlapping (the hex digits and the ASCII characters of each line, each a triple).
 */
export function dumpKeySpans(text: string, keys: readonly string[]): KeySpan[] {
  const sought: Array<{ bytes: string; index: number }> = [];
  for (let index = 0; index < keys.length; index++) {
    const { bytes, hex } = keyBytes(keys[index]!);
    if (bytes.length > 0 && shown(text, hex)) sought.push({ bytes, index });
  }
  if (sought.length === 0) return [];
  const found = dumps(text);
  const spans: KeySpan[] = [];
  for (const dump of found) {
    const stream = Buffer.from(dump.flatMap((line) => line.bytes)).toString('latin1');
    for (const { bytes, index } of sought) {
      for (let j = stream.indexOf(bytes); j >= 0; j = stream.indexOf(bytes, j + bytes.length))
        for (const [start, end] of placesOf(dump, j, j + bytes.length - 1)) spans.push([start, end, index]);
    }
  }
  return mergedSpans(spans);
}
