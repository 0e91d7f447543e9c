import { existsSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../../lib/redact/redact.js';
import { filesUnder, startHostile, type Hostile } from './hostile-proxy.js';
import { runMeasured } from './run.js';

// Issue 31, row 4: a key echoed the way serializers write it. Redaction is by construction: any text
// that decodes to the key is redacted, whatever escape each character took.

const hex2 = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');
const hex4 = (c: string) => c.charCodeAt(0).toString(16).padStart(4, '0');
const utf8Percent = (c: string, upper: boolean) =>
  Array.from(Buffer.from(c, 'utf8'), (b) => `%${b.toString(16).padStart(2, '0')}`)
    .join('')
    .replace(/[a-f]/g, (d) => (upper ? d.toUpperCase() : d));
const map = (s: string, f: (c: string) => string) => Array.from(s, f).join('');
const alnum = (c: string) => /[A-Za-z0-9]/.test(c);

/** How each serializer writes a string value (the inside of its JSON string, or its URL or HTML form). */
const SERIALIZERS: Record<string, (s: string) => string> = {
  // Gson: HTML-safe by default, `< > & = '` as \u003c …
  gson: (s) =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(/[<>&=']/g, (c) => `\\u${hex4(c)}`),
  // .NET System.Text.Json: every character outside its safe list, upper-case hex
  dotnet: (s) =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(/[+<>&'`]|[^\x20-\x7e]/g, (c) => `\\u${hex4(c).toUpperCase()}`),
  // PHP json_encode with JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT, and its `\/`
  php: (s) =>
    JSON.stringify(s)
      .slice(1, -1)
      .replace(/\\"/g, '\\u0022')
      .replace(/[<>&']/g, (c) => `\\u${hex4(c).toUpperCase()}`)
      .replace(/\//g, '\\/'),
  // Go html/template, HTML text context
  goHtml: (s) =>
    s.replace(
      /[&'<>"+\0]/g,
      (c) => ({ '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;', '"': '&#34;', '+': '&#43;' })[c] ?? '',
    ),
  // Go html/template, JS string context
  goJs: (s) => map(s, (c) => (/[\\'"<>&+=/]/.test(c) ? `\\u${hex4(c)}` : c)),
  // Python urllib.parse.quote (safe='/'), and quote_plus
  pythonQuote: (s) => map(s, (c) => (alnum(c) || '_.-~/'.includes(c) ? c : utf8Percent(c, true))),
  pythonQuotePlus: (s) => map(s, (c) => (alnum(c) || '_.-~'.includes(c) ? c : c === ' ' ? '+' : utf8Percent(c, true))),
  form: (s) => new URLSearchParams({ k: s }).toString().slice(2),
  htmlDecimal: (s) => map(s, (c) => (alnum(c) ? c : `&#${c.charCodeAt(0)};`)),
  htmlHex: (s) => map(s, (c) => (alnum(c) ? c : `&#x${hex2(c).toUpperCase()};`)),
  jsonEveryChar: (s) => map(s, (c) => `\\u${hex4(c)}`),
  percentMixedCase: (s) => map(s, (c) => utf8Percent(c, c.charCodeAt(0) % 2 === 0)),
  percentTwice: (s) => encodeURIComponent(encodeURIComponent(s)),
  htmlEscapedJson: (s) => JSON.stringify(s).slice(1, -1).replace(/&/g, '&amp;').replace(/</g, '&lt;'),
};

/** The characters an API key may hold: what an HTTP field value carries (VCHAR, inner SP and HTAB, obs-text). */
const KEY_CHARS = [
  ...Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)),
  ...Array.from({ length: 0x100 - 0x80 }, (_, i) => String.fromCharCode(0x80 + i)),
];
const keyArb = fc
  .tuple(
    fc.constantFrom(...KEY_CHARS),
    fc.array(fc.constantFrom(...KEY_CHARS, ' ', '\t'), { minLength: 10, maxLength: 38 }),
    fc.constantFrom(...KEY_CHARS),
  )
  .map(([a, mid, b]) => a + mid.join('') + b);

/** One escape of a character, as each family writes it; `i` varies the hex digits' case. */
const ESCAPES: ReadonlyArray<(c: string, i: number) => string> = [
  (c, i) => utf8Percent(c, i % 2 === 0),
  (c, i) => `\\u${i % 3 === 0 ? hex4(c).toUpperCase() : hex4(c)}`,
  (c) => `\\x${hex2(c)}`,
  (c) => `&#${c.charCodeAt(0)};`,
  (c, i) => `&#${i % 2 === 0 ? 'x' : 'X'}00${hex2(c)};`,
];
/** A second layer over the whole text, as a serializer of an already-escaped string writes it. */
const SECOND: ReadonlyArray<(s: string) => string> = [
  (s) => s,
  (s) => encodeURIComponent(s),
  (s) => JSON.stringify(s).slice(1, -1),
  (s) => s.replace(/&/g, '&amp;'),
];

/**
 * Each character escaped or not, its own way within one family (a serializer escapes some
 * characters and leaves others), then perhaps a second layer over the whole. `%`, `\` and `&` are
 * always escaped: no serializer of that family leaves them bare.
 */
const perCharArb = (key: string) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: ESCAPES.length - 1 }),
      fc.array(fc.boolean(), { minLength: key.length, maxLength: key.length }),
      fc.integer({ min: 0, max: SECOND.length - 1 }),
    )
    .map(([family, escaped, second]) =>
      SECOND[second]!(
        Array.from(key, (c, i) => (escaped[i] || /[%\\&+ \t]/.test(c) ? ESCAPES[family]!(c, i) : c)).join(''),
      ),
    );

describe('no key in any form a serializer writes', () => {
  it('every serializer, every character a key may hold (property-based)', () => {
    fc.assert(
      fc.property(keyArb, fc.constantFrom(...Object.keys(SERIALIZERS)), (key, name) => {
        const r = new Redactor([{ label: '<api-key>', value: key }]);
        const echo = SERIALIZERS[name]!(key);
        const out = r.text(`{"echo":"${echo}","n":1} x=${echo}&y=2 <b>${echo}</b>`);
        expect(out.includes(echo), `${name}: ${echo}`).toBe(false);
        expect(r.leaks(out)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('each character escaped or not, either hex case, one or two layers deep (property-based)', () => {
    fc.assert(
      fc.property(
        keyArb.chain((key) => fc.tuple(fc.constant(key), perCharArb(key))),
        ([key, echo]) => {
          const r = new Redactor([{ label: '<api-key>', value: key }]);
          const out = r.text(`before "${echo}" after`);
          expect(out).toBe('before "<api-key>" after');
          expect(r.leaks(`before "${echo}" after`)).toEqual(['<api-key>']);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("the run's own words and other keys' text stay as they are", () => {
    const r = new Redactor([{ label: '<api-key>', value: 'pra_live&key<9>/+=K' }]);
    const own =
      'contact.create.status-201 failed: expected %2B and &#43; and \\u002b; got pra_live&key<9>/+= and 9>/+=K';
    expect(r.text(own)).toBe(own);
  });

  describe('against a server', () => {
    let hostile: Hostile | undefined;
    afterEach(async () => {
      await hostile?.close();
      hostile = undefined;
    });

    it("a key holding + / = & < > ' echoed as Gson, .NET, PHP, Go html/template and Python write it: in no output", async () => {
      const KEY = "pra_live&key<9>/+=K'x";
      const forms = ['gson', 'dotnet', 'php', 'goHtml', 'goJs', 'pythonQuote'].map((n) => SERIALIZERS[n]!(KEY));
      hostile = await startHostile(
        {
          after: (_req, answer, res) => {
            const body = answer.body.trim();
            const echoes = forms.map((f, i) => `"echo${i}":"${f.replace(/"/g, '\\"')}"`).join(',');
            const out = body.endsWith('}') ? `${body.slice(0, -1)}${body === '{}' ? '' : ','}${echoes}}` : answer.body;
            res.writeHead(answer.status, { ...answer.headers, 'x-echo': forms[5]! });
            res.end(out);
            return true;
          },
        },
        { keys: { apiKey: KEY } },
      );
      const dir = path.join(hostile.dir, 'report');
      const r = await runMeasured(
        [
          '--fixtures',
          hostile.fixtures,
          '--report-dir',
          dir,
          '--har',
          path.join(dir, 'run.har'),
          '--only',
          'contact.*,auth.invalid-key',
        ],
        { cwd: hostile.dir },
      );
      expect(r.stderr).toBe('');
      expect(r.code).not.toBe(2);
      for (const f of ['conformance.json', 'summary.md', 'report.html', 'run.har'])
        expect(existsSync(path.join(dir, f)), f).toBe(true);
      const redactor = new Redactor([{ label: '<api-key>', value: KEY }]);
      for (const [name, text] of filesUnder(dir)) {
        for (const form of forms) expect(text.includes(form), `${name} holds ${form}`).toBe(false);
        expect(redactor.leaks(text), name).toEqual([]);
      }
      for (const form of forms) expect(r.stdout.includes(form), `stdout holds ${form}`).toBe(false);
    });
  });
});
