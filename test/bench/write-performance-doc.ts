import { readFileSync, writeFileSync } from 'node:fs';
import { performanceMarkdown, type BenchResults } from './performance-md.js';
import { readBefore } from './requests.js';

/**
 * `npx tsx test/bench/write-performance-doc.ts`: writes docs/performance.md again from the figures
 * `npm run bench` last measured (test/bench/results.json), without measuring anew: for when the page's
 * words change, or two branches' results meet in a merge.
 */
const results = JSON.parse(readFileSync(new URL('./results.json', import.meta.url), 'utf8')) as BenchResults;
writeFileSync(new URL('../../docs/performance.md', import.meta.url), performanceMarkdown(results, readBefore()));
