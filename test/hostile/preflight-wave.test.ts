import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_CONCURRENCY } from '../../lib/http/request-budget.js';
import { startHostileFor } from './hostile-proxy.js';
import { runMeasured } from './run.js';

// Before the first check a run waits on the probe and the fixtures check: against a distant server
// each wave of requests that waits on another's answers is a round trip. The probe's reads and every
// read of the fixtures check go in one wave (not slow-started from the checks' 8 in flight, not after
// the probe's answers); only the fixtures check's write (the samples' upsert) waits for their answers.

/** no request for this long: the run waits on the answers held so far (the first wave is all out) */
const QUIET_MS = 1000;

describe('the preflight', () => {
  it('sends the probe and every read of the fixtures check before any is answered; the upsert after them', async (t) => {
    const held: Array<() => void> = [];
    let releasedAt: number | undefined;
    let quiet: NodeJS.Timeout | undefined;
    const hostile = await startHostileFor(t, {
      after: (_req, answer, res) => {
        if (releasedAt !== undefined) return false;
        // every answer held until the run has sent all it sends without one
        held.push(() => {
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        });
        clearTimeout(quiet);
        quiet = setTimeout(() => {
          releasedAt = performance.now();
          for (const answer of held.splice(0)) answer();
        }, QUIET_MS);
        return true;
      },
    });
    const dir = path.join(hostile.dir, 'report');
    const r = await runMeasured(['--fixtures', hostile.fixtures, '--report-dir', dir, '--only', 'discovery'], {
      cwd: hostile.dir,
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const firstWrite = hostile.seen.findIndex((s) => s.method !== 'GET');
    expect(hostile.seen[firstWrite]?.method).toBe('POST');
    expect(hostile.seen[firstWrite]?.url).toMatch(/\/_upsert$/);
    const wave = hostile.seen.slice(0, firstWrite);
    // every read before the upsert went out before any answer came back: one round trip, past the checks' start
    expect(wave.every((s) => s.at < releasedAt!)).toBe(true);
    expect(wave.length).toBeGreaterThan(START_CONCURRENCY);
    expect(wave.some((s) => s.url.endsWith('/_schema/contact'))).toBe(true);
    // the upsert waited for their answers
    expect(hostile.seen[firstWrite]!.at).toBeGreaterThan(releasedAt!);
  }, 90_000);
});
