import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { performanceMarkdown, type BenchResults } from './bench/performance-md.js';
import { readBefore } from './bench/requests.js';
import { QUOTAS } from './bench/metered.js';

// docs/performance.md is what `npm run bench` measured, written from test/bench/results.json: never by
// hand, so it cannot drift from the measurements, and no other page repeats its figures.

const results = JSON.parse(readFileSync(new URL('./bench/results.json', import.meta.url), 'utf8')) as BenchResults;

describe('docs/performance.md', () => {
  it('is the bench results file, as `npm run bench` writes it', () => {
    const doc = readFileSync(new URL('../docs/performance.md', import.meta.url), 'utf8');
    expect(doc).toBe(performanceMarkdown(results, readBefore()));
  });

  it('has the metered runs, each beside its floor (the least time its quota allows) and target', () => {
    const metered = results.metered ?? [];
    // the quotas of issue 28, and the load shedding of issue 38 once the bench has run it
    expect(metered.map((r) => r.quota)).toEqual(expect.arrayContaining(['bucket', 'window', 'window-300']));
    for (const r of metered) {
      const input = {
        chain: r.chain ?? 0,
        unmeteredMs: r.unmeteredMs ?? 0,
        unmeteredChecksMs: r.unmeteredChecksMs ?? 0,
      };
      expect(r.floorMs).toBe(Math.round(QUOTAS[r.quota].floorMs(r.requests - r.retried, input)));
    }
    // the bucket and the window a run does not fit in make it wait: their floors are more than nothing
    for (const r of metered.filter((x) => x.quota !== 'window')) expect(r.floorMs).toBeGreaterThan(0);
  });

  it('every bench row counts the requests of the request tables', () => {
    expect(results.requests).toBeDefined();
    for (const row of results.rows) expect(row.requests).toBe(results.requests!.total);
  });
});
