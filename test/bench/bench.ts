import { parseArgs } from 'node:util';
import { runSuite, type SuiteRun } from '../verify/detect.js';

/**
 * `npm run bench [-- --runs N --latency-ms 0,30,100 --concurrency N]`: how long a whole suite run
 * takes against the embedded reference server, with no added latency and with latency added to
 * every response (a deployed server is tens of milliseconds away, so latency, not CPU, is what a
 * user waits on). Each setting runs N times, one at a time, in a child process as a user runs it;
 * the table gives the median and the spread. Benchmarks, not tests: these machines are shared and
 * noisy, so nothing here asserts a time.
 */
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, 'latency-ms': { type: 'string', default: '0,30,100' }, concurrency: { type: 'string' } },
});
const runs = Number(values.runs);
const latencies = values['latency-ms'].split(',').map((s) => Number(s.trim()));
if (!Number.isInteger(runs) || runs < 1 || latencies.some((l) => !Number.isInteger(l) || l < 0)) {
  console.error('usage: npm run bench -- [--runs N] [--latency-ms 0,30,100] [--concurrency N]');
  process.exit(2);
}
const extra = values.concurrency !== undefined ? ['--concurrency', values.concurrency] : [];

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const seconds = (ms: number): string => (ms / 1000).toFixed(1);

console.log(`suite runs against the embedded reference server, ${runs} per setting${extra.length ? `, --concurrency ${values.concurrency}` : ''}`);
console.log('');
console.log('latency  wall (median, min–max)  in-run (median)  requests  checks/s  passed  failed  skipped');
let broken = false;
for (const latency of latencies) {
  const samples: SuiteRun[] = [];
  for (let i = 0; i < runs; i++) samples.push(await runSuite([...(latency > 0 ? ['--latency-ms', String(latency)] : []), ...extra], 900_000));
  const bad = samples.find((s) => s.error !== undefined || s.code !== 0);
  if (bad) {
    broken = true;
    console.log(`${`${latency} ms`.padEnd(8)} run failed: exit ${String(bad.code)}${bad.error ? ` (${bad.error})` : ''}`);
    continue;
  }
  const walls = samples.map((s) => s.ms);
  const inRun = median(samples.map((s) => s.run?.durationMs ?? s.ms));
  const last = samples[samples.length - 1]!;
  const count = (status: string): number => last.checks.filter((c) => c.status === status).length;
  console.log([
    `${latency} ms`.padEnd(8),
    `${seconds(median(walls))} s (${seconds(Math.min(...walls))}–${seconds(Math.max(...walls))})`.padEnd(23),
    `${seconds(inRun)} s`.padEnd(15),
    String(last.run?.requestsSent ?? '?').padEnd(8),
    (last.checks.length / (inRun / 1000)).toFixed(0).padEnd(8),
    String(count('passed')).padEnd(6),
    String(count('failed')).padEnd(6),
    String(count('skipped')),
  ].join('  '));
}
console.log('');
console.log('wall: the whole `npx conformance` process; in-run: the report\'s run.durationMs (from the probe to the report)');
process.exit(broken ? 1 : 0);
