import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../../lib/redact/redact.js';
import { hexdumpC, keyPieces, requestWith, xxd } from './hex-dumps.js';
import { filesUnder, startHostile, type Hostile } from './hostile-proxy.js';
import { runMeasured } from './run.js';

// Issue 38, row "echoes the key in a 4xx body encoded as UTF-16 (charset declared)": the key was
// readable, a NUL between characters, in summary.md, report.html, conformance.json and run.har;
// a hex dump, base64 of base64 and `\u{70}` escapes too.

const KEY = 'pra_live_Zq81mXv3TnB0kRw7';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** The key as each attack writes it. */
const FORMS: Record<string, string> = {
  hex: Buffer.from(KEY).toString('hex'),
  hexSpaced: [...Buffer.from(KEY)].map((b) => b.toString(16).padStart(2, '0')).join(' '),
  hexDump: (
    Buffer.from(KEY)
      .toString('hex')
      .match(/.{1,4}/g) ?? []
  ).join(' '),
  base64Twice: b64(b64(`token=${KEY}`)),
  codePoints: Array.from(KEY, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`).join(''),
  utf16AsUtf8: Array.from(KEY).join('\u0000'),
};

/** The request echoed as hex dumps (16 bytes a line): the key split across lines, in both columns. */
const REQUEST = requestWith(KEY);
const DUMPS = { xxd: xxd(REQUEST, 16, 2), hexdump: hexdumpC(REQUEST) };
/** Each line's share of the key, hex (its spaces taken out) and ASCII, long enough to be no chance. */
const DUMPED = keyPieces(REQUEST, KEY, 16)
  .flatMap(({ pieces }) => pieces)
  .filter((piece) => piece.length >= 8);

describe('a key in every encoding a server can send', () => {
  const r = new Redactor([{ label: '<api-key>', value: KEY }]);

  it('hex (run together, apart, a dump), base64 of base64, \\u{…} escapes, UTF-16 read as UTF-8: each redacted', () => {
    for (const [name, form] of Object.entries(FORMS)) {
      const text = `{"message":"bad key ${form} given"}`;
      expect(r.leaks(text), name).toEqual(['<api-key>']);
      expect(r.text(text), name).toMatch(/bad key .*<api-key>.* given/);
      expect(r.leaks(r.text(text)), name).toEqual([]);
    }
  });

  describe('against a server', () => {
    let hostile: Hostile | undefined;
    afterEach(async () => {
      await hostile?.close();
      hostile = undefined;
    });

    it('a 4xx body in UTF-16 (charset declared) and the other forms: in no report, no HAR, no console line', async () => {
      hostile = await startHostile(
        {
          after: (_req, answer, res) => {
            if (answer.status < 400) return false;
            const body = JSON.parse(answer.body) as Record<string, unknown>;
            body['message'] = `invalid key ${KEY}`;
            for (const [name, form] of Object.entries(FORMS)) body[`echo_${name}`] = form;
            for (const [name, dump] of Object.entries(DUMPS)) body[`dump_${name}`] = dump;
            res.writeHead(answer.status, { ...answer.headers, 'content-type': 'application/json; charset=utf-16' });
            // utf-16 with its byte order mark, as the charset label allows
            res.end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(body), 'utf16le')]));
            return true;
          },
        },
        { keys: { apiKey: KEY } },
      );
      const dir = path.join(hostile.dir, 'report');
      const run = await runMeasured(
        ['--fixtures', hostile.fixtures, '--report-dir', dir, '--har', path.join(dir, 'run.har'), '--only', 'contacts'],
        { cwd: hostile.dir, timeoutMs: 120_000 },
      );
      expect(run.stderr).toBe('');
      for (const f of ['conformance.json', 'junit.xml', 'summary.md', 'report.html', 'certificate.json', 'run.har'])
        expect(existsSync(path.join(dir, f)), f).toBe(true);
      const files = filesUnder(dir);
      // the UTF-16 answer was read as the text it is: its message reached the reports, redacted
      expect([...files.values()].some((t) => t.includes('invalid key <api-key>'))).toBe(true);
      for (const [name, text] of [...files, ['stdout', run.stdout] as const]) {
        expect(text.includes(KEY), `${name} holds the key`).toBe(false);
        for (const [form, spelt] of Object.entries(FORMS))
          expect(text.includes(spelt), `${name} holds the key as ${form}`).toBe(false);
        expect(r.leaks(text), name).toEqual([]);
        const compact = text.replace(/ /g, '');
        for (const piece of DUMPED) expect(compact.includes(piece), `${name} holds ${piece} of a dump`).toBe(false);
      }
      // the dumps reached the reports: their first line, which holds no key, is there
      expect([...files.values()].some((t) => t.includes(DUMPS.xxd.split('\n')[0]!))).toBe(true);
    }, 150_000);
  });
});
