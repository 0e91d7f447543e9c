import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../lib/redact/redact.js';
import { filesUnder, startHostileFor, type Answer, type Attack, type Hostile } from './hostile-proxy.js';
import { reportOf, runMeasured } from './run.js';

// Issue 38, the time rows: a run ends when the user says, whatever the server says. Every wait a
// server can cause, from any answer, is bounded by --max-wait in one place (lib/http/pace.ts), the
// run-wide --deadline is kept by a timer, and a stopped run stops at once and writes every report.
// The tests run at once: each waits on the clock (a --deadline, a --max-wait) with a server of its own.

const REPORTS = ['conformance.json', 'junit.xml', 'summary.md', 'report.html', 'badge.svg', 'certificate.json'];
/** the probe and the fixtures check go through untouched: the attack comes mid-run */
const AFTER = 25;

/** A server that adds `fields` to each successful answer from the AFTER-th request on. */
function onSuccesses(fields: Record<string, string>): Attack {
  let n = 0;
  return {
    after: (_req, answer: Answer) => {
      n += 1;
      if (n > AFTER && answer.status < 300) Object.assign(answer.headers, fields);
      return false;
    },
  };
}

/** The run against `hostile`: `ms` from its start to its exit, `ended` its exit (performance.now()). */
async function run(hostile: Hostile, args: string[], timeoutMs: number) {
  const dir = path.join(hostile.dir, 'report');
  const started = performance.now();
  const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, ...args], {
    cwd: hostile.dir,
    timeoutMs,
  });
  const ended = performance.now();
  return { ...r, dir, ended, ms: ended - started };
}

/** Every report written, and none (nor the ledger) holding a key of the run in any form. */
function expectEveryReport(dir: string, hostile?: Hostile): void {
  for (const f of REPORTS) expect(existsSync(path.join(dir, f)), f).toBe(true);
  if (hostile === undefined) return;
  const k = hostile.reference.keys;
  const keys = [k.apiKey, k.otherOrgApiKey, k.readOnlyApiKey];
  const redactor = new Redactor(keys.map((value) => ({ label: '<key>', value })));
  for (const [name, text] of filesUnder(dir)) expect(redactor.leaks(text), name).toEqual([]);
}

describe.concurrent('one time budget, kept by the clock', () => {
  it('X-RateLimit-Remaining: 0 with a reset of years on successful answers, --max-wait 10: stops at once', async (t) => {
    const hostile = await startHostileFor(
      t,
      onSuccesses({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(1e12 + 9e11) }),
    );
    const r = await run(hostile, ['--max-wait', '10', '--only', 'contacts,accounts'], 60_000);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toMatch(/TimeoutOverflowWarning/);
    expect(r.code).toBe(1);
    expectEveryReport(r.dir, hostile);
    expect(String(reportOf(r.dir).run['stoppedBy'])).toMatch(
      /^the server asked to wait \d+ s \(X-RateLimit-Remaining: 0\), longer than --max-wait 10 s; stopped at /,
    );
    expect(r.ms).toBeLessThan(30_000);
  });

  it('RateLimit: limit=100, remaining=0, reset=86400 on successful answers: stops at once, names the cause', async (t) => {
    const hostile = await startHostileFor(t, onSuccesses({ ratelimit: 'limit=100, remaining=0, reset=86400' }));
    const r = await run(hostile, ['--max-wait', '10', '--only', 'contacts,accounts'], 60_000);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expectEveryReport(r.dir, hostile);
    expect(String(reportOf(r.dir).run['stoppedBy'])).toMatch(
      /^the server asked to wait 86400 s \(RateLimit: no quota left\), longer than --max-wait 10 s/,
    );
    expect(r.ms).toBeLessThan(30_000);
  });

  it('a named rate of 1e-8 requests/s is floored; --deadline stops the run on time, every report written', async (t) => {
    const hostile = await startHostileFor(t, onSuccesses({ 'ratelimit-policy': '"slow";q=1;w=100000000' }));
    const r = await run(hostile, ['--deadline', '12s', '--concurrency', '4'], 60_000);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expectEveryReport(r.dir, hostile);
    const report = reportOf(r.dir);
    expect(String(report.run['stoppedBy'])).toMatch(/^the run reached --deadline 12 s; stopped at /);
    const limit = report.run['rateLimit'] as { notes?: string[] };
    expect(limit.notes?.join('\n')).toMatch(/names a quota of 1 requests per 100000000 s; .* one request every 1 s/);
    // the floored rate kept requests going: more than one after the policy came
    expect(hostile.seen.length).toBeGreaterThan(AFTER + 5);
    expect(r.ms).toBeLessThan(30_000);
  });

  it('junk quota fields (q=0, a negative or 1e309 remaining): ignored, said once each, the run completes', async (t) => {
    const hostile = await startHostileFor(
      t,
      onSuccesses({
        'ratelimit-policy': '"x";q=0;w=60',
        'ratelimit-remaining': '-5',
        'x-ratelimit-remaining': '1e309',
        'x-ratelimit-reset': '1' + '0'.repeat(310),
      }),
    );
    const r = await run(hostile, ['--only', 'contacts,accounts'], 60_000);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expectEveryReport(r.dir, hostile);
    const said = r.stdout.split('\n').filter((l) => /ignored the quota field/.test(l));
    expect(said.map((l) => /`([a-z-]+):/.exec(l)?.[1]).sort()).toEqual([
      'ratelimit-policy',
      'ratelimit-remaining',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]);
    const limit = reportOf(r.dir).run['rateLimit'] as { notes?: string[] };
    expect(limit.notes).toHaveLength(4);
  });

  it('429 with Retry-After: 10 from mid-run on, --max-wait 20: stops after 20 s of nothing but 429, not later', async (t) => {
    let n = 0;
    let refusedFrom = Number.NaN;
    const hostile = await startHostileFor(t, {
      before: (req, res) => {
        if (++n <= 40) return false;
        if (n === 41) refusedFrom = req.at;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '10' });
        res.end(
          '{"status_code":429,"error_type":"rate_limit_error","code":"rate_limit_exceeded","message":"x","details":null}',
        );
        return true;
      },
    });
    const r = await run(hostile, ['--max-wait', '20'], 120_000);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expectEveryReport(r.dir, hostile);
    expect(String(reportOf(r.dir).run['stoppedBy'])).toMatch(/nothing but 429 for 20 s \(--max-wait\)/);
    // the blocked checks end at once after the stop: none waits out a pause the run will never use. Timed from
    // the first 429 (the start and the 40 requests before it take what a loaded machine gives them), with 5 s
    // taken off the margin, more than they take on a quiet machine
    expect(r.ended - refusedFrom).toBeLessThan(20_000 + 15_000);
  });

  it('--deadline stops a run whose requests the server never answers, by the clock, with every report', async (t) => {
    let n = 0;
    const hostile = await startHostileFor(t, {
      // from mid-run on, the server holds every request open and never answers
      before: () => ++n > AFTER,
    });
    const r = await run(hostile, ['--deadline', '8s', '--timeout', '120000', '--only', 'contacts,accounts'], 60_000);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expectEveryReport(r.dir, hostile);
    expect(String(reportOf(r.dir).run['stoppedBy'])).toMatch(/^the run reached --deadline 8 s; stopped at /);
    const summary = readFileSync(path.join(r.dir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/--deadline 8 s/);
    expect(r.ms).toBeLessThan(25_000);
  });
});

describe.concurrent('a metered run with a short --max-wait', () => {
  it('stops, and exits at once: no countdown of the quota wait after "stopped"', async () => {
    const dir = path.join(await import('node:os').then((os) => os.tmpdir()), `conformance-budget-${process.pid}`);
    const started = performance.now();
    const r = await runMeasured(
      ['--quota-window', '300:60', '--quota-headers', 'x-ratelimit', '--max-wait', '5', '--report-dir', dir],
      { cwd: process.cwd(), timeoutMs: 90_000 },
    );
    const ms = performance.now() - started;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expectEveryReport(dir);
    expect(String(reportOf(dir).run['stoppedBy'])).toMatch(/longer than --max-wait 5 s; stopped at /);
    // a window of a minute is 55 s past --max-wait: the run did not wait it
    expect(ms).toBeLessThan(40_000);
  });
});
