import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostile, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

// A server that stops cooperating is one finding: the checks it kept from running are blocked
// under one line, none a deviation of its own rule.

const CREATE = /\/(contact|account)$/;

describe('a server that stops cooperating', () => {
  let hostile: Hostile | undefined;
  afterEach(async () => {
    await hostile?.close();
    hostile = undefined;
  });

  it('429 with a Retry-After of years: longer than --max-wait, the run stops at once, one line', async () => {
    hostile = await startHostile({
      before: (req, res) => {
        if (req.method !== 'POST' || !CREATE.test(req.url)) return false;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(60 * 60 * 24 * 365 * 5) });
        res.end(
          JSON.stringify({
            status_code: 429,
            error_type: 'rate_limit_error',
            code: 'rate_limit_exceeded',
            message: 'come back later',
            details: null,
          }),
        );
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'contacts,accounts'], {
      cwd: hostile.dir,
      timeoutMs: 90_000,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const report = reportOf(dir);
    expect(report.checks.filter((c) => c.status === 'failed').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    expect(report.checks.filter((c) => c.status === 'blocked').length).toBeGreaterThan(3);
    expect(String(report.run['stoppedBy'])).toMatch(
      /^the server asked to wait 157680000 s \(Retry-After\), longer than --max-wait 180 s; stopped at /,
    );
    const blockedLines = r.stdout.split('\n').filter((l) => /^\s+! /.test(l));
    expect(blockedLines.filter((l) => /longer than --max-wait/.test(l))).toHaveLength(1);
    // one request was sent after the limiter's answer, none retried for years
    expect(hostile.seen.filter((s) => s.method === 'POST' && CREATE.test(s.url)).length).toBeLessThanOrEqual(8);
  });

  it('429 with a Retry-After of years from the first request: exit 2, one line, at once', async () => {
    hostile = await startHostile({
      before: (_req, res) => {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(60 * 60 * 24 * 365 * 5) });
        res.end(
          JSON.stringify({
            status_code: 429,
            error_type: 'rate_limit_error',
            code: 'rate_limit_exceeded',
            message: 'later',
            details: null,
          }),
        );
        return true;
      },
    });
    const r = await runMeasured(
      ['--fixtures', hostile.fixtures, '--report-dir', path.join(hostile.dir, 'r'), '--only', 'contacts'],
      { cwd: hostile.dir, timeoutMs: 60_000 },
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/the server asked to wait 157680000 s \(Retry-After\), longer than --max-wait 180 s/);
    // the first wave only: the probe's reads (one per key) and the fixtures check's reads beside them;
    // no write (a write waits for the probe's answer), none sent again
    const keys = Object.keys(hostile.reference.keys).length;
    expect(hostile.seen.filter((s) => s.method !== 'GET')).toEqual([]);
    // none sent again: each read (its path and key) once; the probe's one path once per key
    const sends = hostile.seen.map((s) => `${s.url} ${s.auth ?? ''}`);
    expect(new Set(sends).size).toBe(sends.length);
    const times = new Map<string, number>();
    for (const s of hostile.seen) times.set(s.url, (times.get(s.url) ?? 0) + 1);
    expect([...times.values()].filter((n) => n >= keys)).toEqual([keys]);
  });

  it('a server that stops answering mid-run: the remaining checks blocked under one line', async () => {
    let answered = 0;
    hostile = await startHostile({
      before: (_req, res) => {
        answered += 1;
        // the probe and the fixtures check go through, a few checks too; then every connection is dropped
        if (answered <= 40) return false;
        res.socket?.destroy();
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(
      // at the old fixed pace, so checks are still waiting when the server stops: the stop is what is tested
      [
        '--fixtures',
        hostile.fixtures,
        '--report-dir',
        dir,
        '--only',
        'contacts,accounts,tasks',
        '--timeout',
        '2000',
        '--concurrency',
        '8',
      ],
      { cwd: hostile.dir, timeoutMs: 90_000 },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const report = reportOf(dir);
    expect(String(report.run['stoppedBy'])).toMatch(
      /^the server stopped answering at \d\d:\d\d:\d\d UTC after \d+ requests$/,
    );
    const stopped = report.checks.filter((c) => c.blockedBy?.answer.startsWith('the server stopped answering'));
    expect(stopped.length).toBeGreaterThan(0);
    expect(r.stdout.split('\n').filter((l) => /^\s+! .*not run: the server stopped answering/.test(l))).toHaveLength(1);
    // after the run stopped, nothing but archives was sent
    expect(hostile.seen.length - 40).toBeLessThan(report.checks.length);
  });
});
