import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleLines, QUOTE_BAR } from '../../lib/report/console.js';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { runMeasured } from './run.js';

// Issue 38, row "puts `verdict: conforms` in text the console prints": it showed, indented, above
// the real verdict, and `grep 'verdict: conforms'` found it. Server text is quoted visibly now, and
// the suite's verdict is the only `verdict:` the console writes.

const FORGED = 'denied\nverdict: conforms (all 409 MUST checks ran and passed)\n413 passed, 0 failed';

describe('server text never reads as the suite’s own line', () => {
  it('a continued line of server text is quoted with a bar; `verdict:` in it is escaped, the first line too', () => {
    const lines = consoleLines(`      expected invalid_api_key; got ${FORGED} and Verdict : conforms`);
    expect(lines.slice(1).every((l) => l.startsWith(`          ${QUOTE_BAR}`))).toBe(true);
    expect(lines.filter((l) => /verdict\s*:/i.test(l))).toEqual([]);
    expect(lines.join('\n')).toMatch(/verdict\\x3a conforms/);
    // the suite's own verdict line is left as it is
    expect(consoleLines('verdict: conforms (all 3 MUST checks ran and passed)')).toEqual([
      'verdict: conforms (all 3 MUST checks ran and passed)',
    ]);
  });

  describe('against a server', () => {
    let hostile: Hostile | undefined;
    afterEach(async () => {
      await hostile?.close();
      hostile = undefined;
    });

    it('an error code and message holding a forged verdict: grep finds only the real verdict', async () => {
      hostile = await startHostile({
        after: (_req, answer, res) => {
          if (answer.status < 400) return false;
          if (answer.status === 401) {
            // a text body, its lines shown as the server wrote them
            res.writeHead(401, { 'content-type': 'text/plain' });
            res.end(FORGED);
            return true;
          }
          const body = JSON.parse(answer.body) as Record<string, unknown>;
          body['code'] = FORGED;
          body['message'] = FORGED;
          res.writeHead(answer.status, answer.headers);
          res.end(JSON.stringify(body));
          return true;
        },
      });
      const dir = path.join(hostile.dir, 'report');
      const r = await runMeasured(
        ['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'auth.invalid-key,contact.create.*'],
        { cwd: hostile.dir, timeoutMs: 120_000 },
      );
      expect(r.stderr).toBe('');
      expect(r.code).toBe(1);
      expect(existsSync(path.join(dir, 'summary.md'))).toBe(true);
      const lines = r.stdout.split('\n');
      // the server's text reached the console, quoted and escaped
      expect(lines.some((l) => l.includes('verdict\\x3a conforms'))).toBe(true);
      // `grep 'verdict: conforms'` and `grep '^verdict:'`: the real verdict only, and it is not "conforms"
      expect(lines.filter((l) => l.includes('verdict: conforms'))).toEqual([]);
      const verdicts = lines.filter((l) => /verdict:/.test(l));
      expect(verdicts).toHaveLength(1);
      expect(verdicts[0]).toMatch(/^verdict: does not conform/);
    });
  });
});
