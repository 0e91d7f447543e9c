import { mergedSpans } from './key-spans.js';

/**
 * Redaction by construction: a key is found in any text that decodes to it, however each of its
 * characters was written, rather than in a list of whole-key encodings. A server may echo a key the
 * way any serializer writes it (Gson's `\u003d`, .NET's `\u002B`, PHP's JSON_HEX_* `\u0026`, Go
 * html/template's `&#43;`, Python's `quote`, form encoding's `+`, named HTML entities, `%2b` or `%2B`
 * or both in one key), and wrapped once more (`%252B`, `\\u0026`, `&amp;#43;`, a URL in a JSON
 * string). The text is decoded one layer, by each family of escapes, and each of those views a
 * second layer, by each family; every view keeps where each of its characters came from, the key is
 * looked for in each, and what spells it in the text is replaced whole.
 *
 * The families (a serializer writes one; a character a family does not escape stays as it is, so a
 * literal `\/` in an HTML text is not read as JSON's escaped slash): percent-encoding (hex in either
 * case; a two-byte UTF-8 sequence, else the Latin-1 byte; `+` for a space, as form encoding writes
 * it); HTML decimal and hex character references (`&#43;`, `&#x2b;`, `&#X002B;`) and named ones
 * (`&plus;`, `&amp;`, `&eacute;`, …); JSON and JavaScript `\uXXXX`, `\xXX` and the short escapes
 * `\/ \\ \" \' \t`, and JavaScript's `\u{70}`. Each view is one pass over the text: a body of a
 * million `&` costs what a body of letters does.
 */

/** HTML named character references for the characters a key may hold (ASCII and Latin-1). */
const NAMED_ASCII: Readonly<Record<string, string>> = {
  Tab: '\t',
  excl: '!',
  quot: '"',
  QUOT: '"',
  num: '#',
  dollar: '$',
  percnt: '%',
  amp: '&',
  AMP: '&',
  apos: "'",
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  lt: '<',
  LT: '<',
  equals: '=',
  gt: '>',
  GT: '>',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  Hat: '^',
  lowbar: '_',
  UnderBar: '_',
  grave: '`',
  DiacriticalGrave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  rcub: '}',
  rbrace: '}',
};
// Latin-1 (U+00A0–U+00FF), in code point order, as HTML named them (obs-text a header may carry)
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute ' +
  'micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig ' +
  'Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash ' +
  'Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ' +
  'ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc ' +
  'uuml yacute thorn yuml';
const NAMED = new Map<string, number>([
  ...Object.entries(NAMED_ASCII).map(([n, c]): [string, number] => [n, c.charCodeAt(0)]),
  ...LATIN1.split(' ').map((n, i): [string, number] => [n, 0xa0 + i]),
]);
const LONGEST_NAME = Math.max(...[...NAMED.keys()].map((n) => n.length));

const PERCENT = 0x25;
const BACKSLASH = 0x5c;
const AMPERSAND = 0x26;

const SHORT: Readonly<Record<number, number>> = { 0x2f: 0x2f, 0x5c: 0x5c, 0x22: 0x22, 0x27: 0x27, 0x74: 0x09 };
/** each short escape's character, by the character after the backslash */
const SHORT_TEXT: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(SHORT).map(([e, c]) => [e, String.fromCharCode(c)]),
);

function hexValue(d: number): number {
  if (d >= 0x30 && d <= 0x39) return d - 0x30;
  if (d >= 0x41 && d <= 0x46) return d - 0x37;
  if (d >= 0x61 && d <= 0x66) return d - 0x57;
  return -1;
}

/** The value of `count` hex digits at `p`, or -1. */
function hexAt(s: string, p: number, count: number): number {
  if (p + count > s.length) return -1;
  let n = 0;
  for (let k = 0; k < count; k++) {
    const v = hexValue(s.charCodeAt(p + k));
    if (v < 0) return -1;
    n = n * 16 + v;
  }
  return n;
}

const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** A family of escapes, as one serializer writes them: URL and form, HTML, or JSON and JavaScript. */
type Family = 'percent' | 'html' | 'json';
const STARTER: Readonly<Record<Family, number>> = { percent: PERCENT, html: AMPERSAND, json: BACKSLASH };
const FAMILIES: readonly Family[] = ['percent', 'html', 'json'];

/** The escape at `p` (which starts with %, \\ or &): [code point, length], or undefined. */
function escapeAt(s: string, p: number): [number, number] | undefined {
  const c = s.charCodeAt(p);
  if (c === PERCENT) {
    const b = hexAt(s, p + 1, 2);
    if (b < 0) return undefined;
    if ((b === 0xc2 || b === 0xc3) && s.charCodeAt(p + 3) === PERCENT) {
      const cont = hexAt(s, p + 4, 2);
      if ((cont & 0xc0) === 0x80) return [((b & 0x1f) << 6) | (cont & 0x3f), 6];
    }
    return [b, 3];
  }
  if (c === BACKSLASH) {
    const e = s.charCodeAt(p + 1);
    if (e === 0x75 && s.charCodeAt(p + 2) === 0x7b) return codePointEscapeAt(s, p);
    if (e === 0x75) {
      const n = hexAt(s, p + 2, 4);
      return n < 0 ? undefined : [n, 6];
    }
    if (e === 0x78 || e === 0x58) {
      const n = hexAt(s, p + 2, 2);
      return n < 0 ? undefined : [n, 4];
    }
    const short = SHORT[e];
    return short === undefined ? undefined : [short, 2];
  }
  if (c === AMPERSAND) return referenceAt(s, p);
  return undefined;
}

/** JavaScript's `\u{70}` (1 to 6 hex digits) at `p`: [code point, length], or undefined. */
function codePointEscapeAt(s: string, p: number): [number, number] | undefined {
  let n = 0;
  let q = p + 3;
  for (; q - (p + 3) < 6; q++) {
    const v = hexValue(s.charCodeAt(q));
    if (v < 0) break;
    n = n * 16 + v;
  }
  return q > p + 3 && s.charCodeAt(q) === 0x7d && n <= 0x10ffff ? [n, q + 1 - p] : undefined;
}

/** `&#digits;`, `&#xHEX;` (up to 7 digits) or `&name;` at `p`. */
function referenceAt(s: string, p: number): [number, number] | undefined {
  let q = p + 1;
  if (s.charCodeAt(q) === 0x23) {
    q += 1;
    const hex = s.charCodeAt(q) === 0x78 || s.charCodeAt(q) === 0x58;
    if (hex) q += 1;
    let n = 0;
    const from = q;
    for (; q - from < 7; q++) {
      const d = s.charCodeAt(q);
      const v = hex ? hexValue(d) : isDigit(d) ? d - 0x30 : -1;
      if (v < 0) break;
      n = n * (hex ? 16 : 10) + v;
    }
    return q > from && s.charCodeAt(q) === 0x3b ? [n, q + 1 - p] : undefined;
  }
  const from = q;
  while (q - from < LONGEST_NAME && (isLetter(s.charCodeAt(q)) || (q > from && isDigit(s.charCodeAt(q))))) q += 1;
  if (q === from || s.charCodeAt(q) !== 0x3b) return undefined;
  const cp = NAMED.get(s.slice(from, q));
  return cp === undefined ? undefined : [cp, q + 1 - p];
}

/** One character of a view: beyond U+FFFF one stand-in unit (no key holds one). */
function viewChar(cp: number): string {
  return cp > 0xffff ? '\ufffd' : String.fromCharCode(cp);
}

/**
 * The text with one layer of one family's escapes undone, and where each character of the view starts
 * in the text (and, at the view's length, where the text ends).
 */
function decodeLayer(s: string, family: Family): { view: string; from: Int32Array } {
  const starter = STARTER[family];
  const parts: string[] = [];
  const from = new Int32Array(s.length + 1);
  let n = 0;
  let run = 0;
  for (let i = 0; i < s.length;) {
    const c = s.charCodeAt(i);
    const esc = c === starter ? escapeAt(s, i) : undefined;
    if (esc === undefined) {
      from[n] = i;
      n += 1;
      i += 1;
      continue;
    }
    if (run < i) parts.push(s.slice(run, i));
    parts.push(viewChar(esc[0]));
    from[n] = i;
    n += 1;
    i += esc[1];
    run = i;
  }
  if (run < s.length) parts.push(s.slice(run));
  from[n] = s.length;
  return { view: parts.join(''), from };
}

/**
 * The view of decodeLayer alone, going from one escape's starter to the next: a body of megabytes with few
 * escapes is copied, not walked a character at a time (two bodies of 2 MB cost a run 0.3 s so). Built by
 * concatenation, which V8 keeps as a rope until the view is searched: a HAR of 2 MB holds a hundred
 * thousand JSON escapes, and an array of their pieces joined cost twice as much. Undefined when the text
 * holds no escape of the family: the view is the text itself.
 */
function decoded(s: string, family: Family): string | undefined {
  const starter = String.fromCharCode(STARTER[family]);
  let out = '';
  let run = 0;
  for (let i = s.indexOf(starter); i >= 0; i = s.indexOf(starter, i)) {
    // JSON's short escapes (`\"`, `\\`: nearly every escape of a JSON text holding JSON) at once
    const short = family === 'json' ? SHORT_TEXT[s.charCodeAt(i + 1)] : undefined;
    if (short !== undefined) {
      out += s.slice(run, i) + short;
      i += 2;
      run = i;
      continue;
    }
    const esc = escapeAt(s, i);
    if (esc === undefined) {
      i += 1;
      continue;
    }
    out += s.slice(run, i) + viewChar(esc[0]);
    i += esc[1];
    run = i;
  }
  // an escape is never shorter than 2 characters, so one undone leaves `run` past 0
  return run === 0 ? undefined : out + s.slice(run);
}

/** What every escape of the three families starts with, and form encoding's space: four scans beat one regex */
const ESCAPE_STARTS = ['%', '\\', '&', '+'];

/** Whether a family has anything to undo in `s`. */
function touches(s: string, family: Family): boolean {
  return s.includes(String.fromCharCode(STARTER[family])) || (family === 'percent' && s.includes('+'));
}

/** How a key may stand in a view: as it is, and (a key with a space) as form encoding writes it, `+` for a space. */
function spellings(key: string): string[] {
  return key.includes(' ') ? [key, key.replace(/ /g, '+')] : [key];
}

/** The keys looked for, worked out once for each list of keys (a run redacts every text with one list). */
const LIVE = new WeakMap<readonly string[], Array<{ key: string; index: number }>>();

/** The keys a view can spell (every character within Latin-1), each with its index, longest first. */
function liveKeys(keys: readonly string[]): Array<{ key: string; index: number }> {
  let live = LIVE.get(keys);
  if (live === undefined) {
    live = keys
      .map((key, index) => ({ key, index }))
      .filter(({ key }) => key.length > 0 && Array.from(key).every((c) => c.charCodeAt(0) <= 0xff))
      // longest first, so a key that holds another is replaced whole
      .sort((a, b) => b.key.length - a.key.length);
    LIVE.set(keys, live);
  }
  return live;
}

/**
 * Where in `text` some spelling of a key stands that is not the key as it is (the literal key is the
 * redactor's own list's to find): [start, end, index of the key] triples, in order, none overlapping.
 */
export function encodedKeySpans(text: string, keys: readonly string[]): Array<[number, number, number]> {
  // most texts hold no escape at all: nothing else to do (asked first, it is most of every answer's redaction)
  if (!ESCAPE_STARTS.some((c) => text.includes(c))) return [];
  const live = liveKeys(keys);
  if (live.length === 0) return [];
  // the views: one layer undone, of each family; then a second layer, of each family, over each
  const views: Array<{ path: [Family, Family?]; view: string }> = [];
  for (const f1 of FAMILIES) {
    if (!touches(text, f1)) continue;
    const once = decoded(text, f1);
    // the text itself (nothing of f1's undone): it is still searched, for a key with a space spelt with
    // `+`; but its second layers are the first layers of the other families, each mapped back the same
    views.push({ path: [f1], view: once ?? text });
    if (once === undefined) continue;
    for (const f2 of FAMILIES) {
      // a second layer that undoes nothing is the first again: the same places found
      const twice = touches(once, f2) ? decoded(once, f2) : undefined;
      if (twice !== undefined) views.push({ path: [f1, f2], view: twice });
    }
  }
  const spans: Array<[number, number, number]> = [];
  for (const { path, view } of views) {
    if (!live.some(({ key }) => spellings(key).some((k) => view.includes(k)))) continue;
    // a key is there, spelt some way: map this view back to the text
    const first = decodeLayer(text, path[0]);
    const second = path[1] === undefined ? undefined : decodeLayer(first.view, path[1]);
    const toText = (j: number) => first.from[second ? second.from[j]! : j]!;
    const mapped = second?.view ?? first.view;
    for (const { key, index } of live)
      for (const sought of spellings(key)) {
        for (let j = mapped.indexOf(sought); j >= 0; j = mapped.indexOf(sought, j + sought.length)) {
          const start = toText(j);
          const end = toText(j + sought.length);
          // the key as it is, is the redactor's own list's to find (a short key only where it stands alone)
          if (end - start === key.length && text.startsWith(key, start)) continue;
          spans.push([start, end, index]);
        }
      }
  }
  return mergedSpans(spans);
}
