import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { performanceMarkdown, type BenchResults } from './bench/performance-md.js';

// docs/performance.md is what `npm run bench` measured, written from test/bench/results.json: never by
// hand, so it cannot drift from the measurements.

describe('docs/performance.md', () => {
  it('is the bench results file, as `npm run bench` writes it', () => {
    const results = JSON.parse(readFileSync(new URL('./bench/results.json', import.meta.url), 'utf8')) as BenchResults;
    const doc = readFileSync(new URL('../docs/performance.md', import.meta.url), 'utf8');
    expect(doc).toBe(performanceMarkdown(results));
  });

  it('has the metered runs, each beside its floor and target', () => {
    const results = JSON.parse(readFileSync(new URL('./bench/results.json', import.meta.url), 'utf8')) as BenchResults;
    expect((results.metered ?? []).map((r) => r.quota).sort()).toEqual(['bucket', 'window']);
    for (const r of results.metered ?? []) expect(r.floorMs).toBeGreaterThan(0);
  });
});
