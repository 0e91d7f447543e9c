import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performanceMarkdown, type BenchResults } from './performance-md.js';
import { profileRun } from './profile.js';
import { readBefore } from './requests.js';

/**
 * `npx tsx test/bench/profile-doc.ts [--as before|after] [--root DIR]`: profiles one default run of the
 * clone at DIR (this one by default) and keeps it in test/bench/results.json as the profile before or
 * after a change (`npm run bench` profiles `after` itself), then writes docs/performance.md again.
 * `--as before --root <a clone at the commit before>` records where the CPU went before the change.
 */
const { values } = parseArgs({
  options: { as: { type: 'string', default: 'after' }, root: { type: 'string' } },
});
if (values.as !== 'before' && values.as !== 'after') {
  console.error('usage: npx tsx test/bench/profile-doc.ts [--as before|after] [--root DIR]');
  process.exit(2);
}
const root = values.root ?? fileURLToPath(new URL('../../', import.meta.url));
const file = new URL('./results.json', import.meta.url);
const results = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
results.profile = { ...results.profile, [values.as]: profileRun(root) };
writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
writeFileSync(new URL('../../docs/performance.md', import.meta.url), performanceMarkdown(results, readBefore()));
console.log(
  `profiled ${results.profile[values.as]!.commit} as ${values.as}: ${results.profile[values.as]!.cpuMs} ms CPU`,
);
