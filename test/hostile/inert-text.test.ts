import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleLines } from '../../lib/report/console.js';
import { LINE_BREAK } from '../../lib/report/inert.js';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { runMeasured } from './run.js';

const CODE = 'bad\n::error::forged\nverdict: conforms\u001b[2J\u0007\r  ✓ forged pass\u2028## forged';
const TEXT =
  'denied\r## Forged heading\r![x](http://elsewhere.invalid/x.png)\r\n</details>\u2028verdict: conforms\r```\r';

describe('server text is inert', () => {
  it('a console line never lets server text start a line or send a control character', () => {
    const lines = consoleLines(`      expected invalid_api_key; got ${CODE}`);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines.slice(1)) expect(l).toMatch(/^ {10}/);
    // eslint-disable-next-line no-control-regex -- the control characters a report must never carry
    expect(lines.join('\n')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\r]/);
  });

  describe('against a server', () => {
    let hostile: Hostile | undefined;
    afterEach(async () => {
      await hostile?.close();
      hostile = undefined;
    });

    it('an error code with newlines, escapes and workflow commands, a text body with bare CRs and </details>', async () => {
      hostile = await startHostile({
        after: (_req, answer, res) => {
          if (answer.status === 401) {
            res.writeHead(401, { 'content-type': 'text/plain' });
            res.end(TEXT);
            return true;
          }
          if (answer.status < 400) return false;
          const body = JSON.parse(answer.body) as { code?: string };
          body.code = CODE;
          res.writeHead(answer.status, answer.headers);
          res.end(JSON.stringify(body));
          return true;
        },
      });
      const dir = path.join(hostile.dir, 'report');
      const r = await runMeasured(
        ['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'auth.invalid-key,contact.create.*'],
        { cwd: hostile.dir },
      );
      expect(r.code).toBe(1);
      const out = r.stdout + r.stderr;
      // eslint-disable-next-line no-control-regex -- the control characters a report must never carry
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\r]/);
      const lines = out.split('\n');
      expect(lines.filter((l) => l.startsWith('::'))).toEqual([]);
      expect(lines.filter((l) => l.startsWith('verdict:'))).toEqual([
        'verdict: does not conform' +
          lines.find((l) => l.startsWith('verdict:'))!.slice('verdict: does not conform'.length),
      ]);
      expect(lines.filter((l) => /^\s*✓ forged/.test(l))).toEqual([]);

      const summary = readFileSync(path.join(dir, 'summary.md'), 'utf8');
      const mdLines = summary.split(LINE_BREAK);
      // every line between a fence's opening and closing is indented as the fence is; outside
      // the fences, the renderer's own lines only: no heading, image or verdict of the server's
      const outside: string[] = [];
      let open: string | undefined;
      for (const l of mdLines) {
        const m = /^ {2}(`{3,})/.exec(l);
        if (open === undefined) {
          if (m) open = m[1];
          else outside.push(l);
          continue;
        }
        if (l === `  ${open}`) {
          open = undefined;
          continue;
        }
        expect(l.startsWith('  '), JSON.stringify(l)).toBe(true);
      }
      expect(
        outside.filter(
          (l) =>
            /^\s{0,3}#/.test(l) &&
            !/^#{2,3} (Public Records API|Root causes|Blocked|New deviations|Baseline entries|Skipped|Leftovers)/.test(
              l,
            ),
        ),
      ).toEqual([]);
      expect(outside.filter((l) => /(!\[|^\s{0,3}verdict:|<\/details>.*<\/details>)/.test(l))).toEqual([]);
      const count = (tag: string) => outside.join('\n').split(tag).length - 1;
      expect(count('<details>')).toBeGreaterThan(0);
      expect(count('</details>')).toBe(count('<details>'));
      expect(open).toBeUndefined();
    });
  });
});
