import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';

// CONFORMANCE_CPU_LOG=<file> npx vitest run: one line per test file, its CPU seconds (the worker's own and its
// reaped children's: a CLI run, a pool worker) and its wall, from its setup (before its imports) to its last
// hook. What a file costs, whatever the load: docs/performance.md's npm test rows are made from it.

const TICKS = 100;

/** utime + stime + cutime + cstime of this process, in seconds (/proc/self/stat, Linux) */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields after the command: state is [0], so utime (field 14) is [11]
  return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / TICKS;
}

const log = process.env['CONFORMANCE_CPU_LOG'];
const cpu0 = cpuSeconds();
const wall0 = Date.now();

// eslint-disable-next-line no-empty-pattern -- vitest reads the first argument as fixtures: none wanted
afterAll(({}, suite) => {
  if (log === undefined) return;
  const file = 'filepath' in suite ? path.relative(process.cwd(), suite.filepath) : suite.name;
  const cpu = Math.round((cpuSeconds() - cpu0) * 100) / 100;
  appendFileSync(
    log,
    JSON.stringify({ file, cpu, wall: (Date.now() - wall0) / 1000, from: wall0, pid: process.pid }) + '\n',
  );
});
