import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../../lib/redact/redact.js';
import { filesUnder, startHostile, type Hostile } from './hostile-proxy.js';
import { runMeasured } from './run.js';

const KEY = 'pra_live&key<9>/+=K';
const goEscaped = (s: string) =>
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/[&<>]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** base64 of `Bearer KEY`, less the groups that hold bytes of `Bearer `: what an echo leaks of the key */
const base64Tail = Buffer.from(`Bearer ${KEY}`).toString('base64').slice(12, -4);

describe('no key in any output, in any form a server echoes it', () => {
  it('redacts the forms: literal, JSON-escaped (Go), URL-encoded, base64 inside a longer text', () => {
    const r = new Redactor([{ label: '<api-key>', value: KEY }]);
    const echoes = [
      KEY,
      goEscaped(KEY),
      JSON.stringify(KEY).slice(1, -1),
      encodeURIComponent(KEY),
      encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
      Buffer.from(`Bearer ${KEY}`).toString('base64'),
      Buffer.from(`x${KEY}y`).toString('base64url'),
    ];
    for (const echo of echoes) {
      const out = r.text(`echo: ${echo}.`);
      expect(out, echo).not.toContain(echo);
      expect(r.leaks(out), echo).toEqual([]);
    }
    expect(r.text(base64Tail)).not.toContain(base64Tail);
  });

  it("a short key is redacted where it stands alone, and never garbles the run's own words", () => {
    const r = new Redactor([{ label: '<api-key>', value: 'test' }]);
    expect(r.text('Bearer test')).toBe('Bearer <api-key>');
    expect(r.text('{"key":"test"}')).toBe('{"key":"<api-key>"}');
    const own = 'contact.create.test-201 passed: the latest test suite (tests/test.ts) attests it';
    expect(r.text(own)).toBe(own);
  });

  describe('against a server', () => {
    let hostile: Hostile | undefined;
    afterEach(async () => {
      await hostile?.close();
      hostile = undefined;
    });

    it('echoed in every answer: every report is written, none holds the key in any form', async () => {
      hostile = await startHostile(
        {
          after: (_req, answer, res) => {
            const headers = { ...answer.headers, 'x-echo': Buffer.from(`Bearer ${KEY}`).toString('base64') };
            const body = answer.body.trim().endsWith('}')
              ? `${answer.body.trim().slice(0, -1)}${answer.body.trim() === '{}' ? '' : ','}"echo":"${goEscaped(KEY)}","url":"${encodeURIComponent(KEY)}"}`
              : answer.body;
            res.writeHead(answer.status, headers);
            res.end(body);
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
      for (const f of ['conformance.json', 'junit.xml', 'summary.md', 'report.html', 'badge.svg', 'run.har'])
        expect(existsSync(path.join(dir, f)), f).toBe(true);
      const forms = [KEY, goEscaped(KEY), JSON.stringify(KEY).slice(1, -1), encodeURIComponent(KEY), base64Tail];
      for (const [name, text] of filesUnder(dir))
        for (const form of forms) expect(text.includes(form), `${name} holds ${form}`).toBe(false);
      for (const form of forms) expect(r.stdout.includes(form), `stdout holds ${form}`).toBe(false);
    });
  });
});
