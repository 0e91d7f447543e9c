import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RequestCounts } from '../lib/report/request-counts.js';
import { generatedFigures, GENERATED_END, GENERATED_START, readBefore, RESULTS_FILE } from './bench/requests.js';

/**
 * No request figure disagrees: docs/performance.md's tables are the ones `npm run bench` generates from
 * test/bench/results.json, and the README's Speed section quotes the same totals.
 */
interface Results {
  date: string;
  rows: Array<{ latencyMs: number; requests: number; checks: number }>;
  requests: RequestCounts;
}
const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Results;
const doc = readFileSync(new URL('../docs/performance.md', import.meta.url), 'utf8');
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('the request figures of the docs', () => {
  it('docs/performance.md holds the tables generated from test/bench/results.json', () => {
    const part = doc.slice(doc.indexOf(GENERATED_START), doc.indexOf(GENERATED_END) + GENERATED_END.length);
    const expected = generatedFigures(results.requests, {
      checks: results.rows[0]!.checks,
      date: results.date,
      before: readBefore(),
    });
    expect(part).toBe(expected);
  });

  it('every bench row counts the same requests as the generated tables, and the README quotes them', () => {
    for (const row of results.rows) expect(row.requests).toBe(results.requests.total);
    const speed = readme.slice(readme.indexOf('## Speed'), readme.indexOf('## Project layout'));
    const before = readBefore().requests.total;
    expect(speed).toContain(`${results.requests.total} requests in all (${before} before`);
    for (const row of results.rows) {
      const line = speed.split('\n').find((l) => l.startsWith(`${row.latencyMs} ms `));
      expect(line, `the README's bench row for ${row.latencyMs} ms`).toBeDefined();
      expect(line!.split(/\s{2,}/)[4]).toBe(String(row.requests));
    }
  });
});
