import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHostileFor } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

// Issue 38: pace to a quota, not to load shedding; say what the server said, apart from what the run
// measured, the same waits in the same units on the console and in every report.

const LIMITED =
  '{"status_code":429,"error_type":"rate_limit_error","code":"rate_limit_exceeded","message":"x","details":null}';

interface RateLimit {
  pauses: number;
  shed?: number;
  quota?: string;
  rate?: string;
  announced?: { fields: Record<string, string>; limit?: number; resetS?: number };
}

// the two run at once: each waits out the pauses its own server asks for
describe.concurrent('honest pacing', () => {
  it('every 7th request 429 with Retry-After: 1 (load shedding): no quota learned, the concurrency kept', async (t) => {
    let n = 0;
    const hostile = await startHostileFor(t, {
      before: (_req, res) => {
        if (++n % 7 !== 0) return false;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(LIMITED);
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'contacts,accounts'], {
      cwd: hostile.dir,
      timeoutMs: 120_000,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = reportOf(dir);
    expect(report.checks.filter((c) => c.status === 'blocked')).toEqual([]);
    const limit = report.run['rateLimit'] as RateLimit;
    expect(limit.shed).toBeGreaterThan(3);
    // no pause of the whole run, no rate learned from it, the concurrency never halved
    expect(limit.pauses).toBe(0);
    expect(limit.rate).toBeUndefined();
    expect((report.run['concurrency'] as { path: Array<{ why: string }> }).path.some((s) => s.why === '429')).toBe(
      false,
    );
  });

  it('announces RateLimit-Limit: 300 and RateLimit-Reset: 60: the reports show it verbatim, never as a measured rate', async (t) => {
    let n = 0;
    const hostile = await startHostileFor(t, {
      before: (_req, res) => {
        // one 429 mid-run, asking for 3 s: a pause the console and the reports both write
        if (++n !== 40) return false;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
        res.end(LIMITED);
        return true;
      },
      after: (_req, answer) => {
        Object.assign(answer.headers, { 'ratelimit-limit': '300', 'ratelimit-reset': '60' });
        return false;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'contacts,accounts'], {
      cwd: hostile.dir,
      timeoutMs: 120_000,
    });
    expect(r.stderr).toBe('');
    const limit = reportOf(dir).run['rateLimit'] as RateLimit;
    expect(limit.announced?.fields).toEqual({ 'ratelimit-limit': '300', 'ratelimit-reset': '60' });
    expect(limit.announced?.limit).toBe(300);
    expect(limit.announced?.resetS).toBe(60);
    // no window named: no quota of the server's is claimed
    expect(limit.quota).toBeUndefined();
    const summary = readFileSync(path.join(dir, 'summary.md'), 'utf8');
    const html = readFileSync(path.join(dir, 'report.html'), 'utf8');
    expect(summary).toMatch(/the server announced .*ratelimit-limit: 300.*ratelimit-reset: 60/);
    expect(summary).not.toMatch(/quota about/);
    // the same wait, in the same units, on the console and in each report
    const line = r.stdout.split('\n').find((l) => l.startsWith('rate limited: the run paused'));
    const waits = /paused 1 time, (\d+ s) in all \(the longest (\d+ s)\)/.exec(line ?? '');
    expect(waits, line).not.toBeNull();
    for (const text of [summary, html]) expect(text).toContain(`${waits![1]} in all (the longest ${waits![2]})`);
  });
});
