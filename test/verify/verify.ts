import { parseArgs } from 'node:util';
import { FAULTS } from '../../reference/faults/registry.js';
import { DEFAULT_CONCURRENCY, formatTable, inPool, type FaultOutcome } from './detect.js';
import { VARIATIONS } from '../../reference/variations/registry.js';
import { variationScore, type VariationOutcome } from './variations.js';
import type { Job } from './jobs.js';
import { workerPool } from './pool.js';

/**
 * `npm run verify [-- [--concurrency N] [fault-id ...]]`: runs the suite against the reference
 * server once per fault (and once in the alternate profile), then prints which faults it
 * detected; then once per legal variation, once with all compatible variations together, and twice
 * in a row against one server that holds contact emails and account names unique, and prints
 * `legal variations: P/N passed`. Exit 0 when every fault was detected, the alternate
 * profile passed and every variation run passed, else 1. Naming faults runs only those (no variations);
 * `--variations` runs only the variation matrix.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { concurrency: { type: 'string' }, variations: { type: 'boolean' } },
});
const concurrency = values.concurrency === undefined ? DEFAULT_CONCURRENCY : Number(values.concurrency);
const unknown = positionals.filter((id) => !FAULTS.some((f) => f.id === id));
if (unknown.length > 0 || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error(
    unknown.length > 0 ? `unknown fault(s): ${unknown.join(', ')}` : '--concurrency must be a positive integer',
  );
  process.exit(2);
}
const variationsOnly = values.variations === true;
const faults = variationsOnly ? [] : positionals.length > 0 ? FAULTS.filter((f) => positionals.includes(f.id)) : FAULTS;

const started = Date.now();
let done = 0;
const variationJobs: Job[] =
  positionals.length > 0
    ? []
    : [
        { kind: 'together' },
        { kind: 'in-a-row' },
        ...VARIATIONS.map((variation): Job => ({ kind: 'variation', id: variation.id })),
      ];
const jobs: Job[] = [
  ...(variationsOnly ? [] : [{ kind: 'alternate' } as Job]),
  ...variationJobs,
  ...faults.map((fault): Job => ({ kind: 'fault', id: fault.id })),
];
const variationOutcomes: VariationOutcome[] = [];
const outcomes: FaultOutcome[] = [];
// widened on purpose: a closure assigns the run's outcome, which control flow does not follow
let alternate = 'no run' as number | string;
const alternateLines: string[] = [];

// `concurrency` worker processes, each running its jobs in-process one after another (test/verify/pool.ts)
const pool = workerPool(concurrency);
await inPool(jobs, concurrency, async (job) => {
  const r = await pool.run(job);
  if (r.kind === 'alternate') {
    alternate = r.outcome.error ?? r.outcome.failed.length;
    alternateLines.push(...r.outcome.failed);
    console.error(
      `[alternate] exit ${String(r.outcome.code)}, ${r.outcome.failed.length} failed (${(r.outcome.ms / 1000).toFixed(1)}s)`,
    );
    return;
  }
  if (r.kind === 'variation') {
    const o = r.outcome;
    variationOutcomes.push(o);
    console.error(`[variation] ${o.id}: ${o.passed ? 'passed' : 'FAILED'} (${(o.ms / 1000).toFixed(1)}s)`);
    return;
  }
  const outcome = r.outcome;
  outcomes.push(outcome);
  done += 1;
  console.error(
    `[${done}/${faults.length}] ${outcome.id}: ${outcome.detected ? 'detected' : 'MISSED'} (${(outcome.ms / 1000).toFixed(1)}s)`,
  );
});
pool.close();

const ordered = faults
  .map((f) => outcomes.find((o) => o.id === f.id))
  .filter((o): o is FaultOutcome => o !== undefined);
if (!variationsOnly) console.log(formatTable(ordered, alternate));
const missed = ordered.filter((o) => !o.detected);
if (missed.length > 0) {
  console.log('\nmissed:');
  for (const o of missed)
    console.log(
      `  ${o.id} (breaks ${o.breaks.join(', ')}): exit ${String(o.code)}${o.error ? `, ${o.error}` : ''}; other failed rules: ${o.otherRules.join(', ') || 'none'}`,
    );
}
if (alternateLines.length > 0) console.log(`\nalternate profile failures:\n${alternateLines.join('\n')}`);
const variationsFailed = variationOutcomes.filter((o) => !o.passed);
if (variationOutcomes.length > 0) {
  for (const o of variationsFailed)
    console.log(`\nvariation ${o.id} failed (exit ${String(o.code)}):\n${o.problems.map((p) => `  ${p}`).join('\n')}`);
  console.log(`\n${variationScore(variationOutcomes)}`);
}
console.log(`\ntook ${((Date.now() - started) / 1000).toFixed(0)}s with ${concurrency} runs at a time`);
process.exitCode =
  missed.length === 0 && (variationsOnly || String(alternate) === '0') && variationsFailed.length === 0 ? 0 : 1;
