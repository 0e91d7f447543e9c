import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

// Issue 31: "rate-limited from mid-run on (429, Retry-After: 10)" crashed at the end (`internal
// error` with a stack, exit 2, no report, no cleanup line): the after-run read of kept records threw.

const REPORTS = ['conformance.json', 'junit.xml', 'summary.md', 'report.html', 'badge.svg', 'certificate.json'];

describe('a server that rate-limits every request from mid-run on', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('stops once --max-wait passes with nothing but 429, writes every report, names the cause once and prints the cleanup command', async () => {
    let answered = 0;
    hostile = await startHostile({
      before: (_req, res) => {
        answered += 1;
        // the probe, the fixtures check and some checks go through (records are made); then only 429
        if (answered <= 40) return false;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '10' });
        res.end(
          JSON.stringify({
            status_code: 429,
            error_type: 'rate_limit_error',
            code: 'rate_limit_exceeded',
            message: 'slow down',
            details: null,
          }),
        );
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'contacts,accounts'], {
      cwd: hostile.dir,
      // the environment variable, not the flag: the same command line worked before --max-wait existed
      env: { CONFORMANCE_MAX_WAIT: '15' },
      timeoutMs: 240_000,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    for (const file of REPORTS) expect(existsSync(path.join(dir, file)), file).toBe(true);
    const report = reportOf(dir);
    expect(String(report.run['stoppedBy'])).toMatch(/nothing but 429 for 15 s \(--max-wait\)/);
    expect(report.checks.filter((c) => c.status === 'failed').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    // the cause, once: one console line for every check it kept from running
    const stopLines = r.stdout.split('\n').filter((l) => /nothing but 429/.test(l) && /^\s+! /.test(l));
    expect(stopLines).toHaveLength(1);
    // what the stopped run could not send is named: the read of the kept records after the run at least
    const notSent = report.run['notSent'] as Array<{ request: string; purpose: string }>;
    expect(notSent.some((n) => /kept record/.test(n.purpose))).toBe(true);
    expect(readFileSync(path.join(dir, 'summary.md'), 'utf8')).toMatch(/not sent/i);
    expect(r.stdout).toMatch(/npx conformance cleanup --ledger/);
  }, 300_000);
});
