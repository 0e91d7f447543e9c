import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FAULTS } from '../../reference/faults/registry.js';
import { DEFAULT_CONCURRENCY, FAULT_MAX_WAIT, inPool, runSuite } from './detect.js';

/**
 * `npm run verify:baselines [-- fault-id ...]`: for each fault of the reference server, a baseline
 * written from a run against it (`--write-baseline`) makes the same run pass (`--baseline`, exit 0):
 * every deviation is known, and so is every check blocked only by a known deviation. A run the server
 * stopped (it rate-limited the run past --max-wait, or stopped answering) is incomplete
 * whatever the baseline says: that is reported, not counted as a failure. Exit 1 when another fault's
 * second run fails the gate. The runs go through the CLI in this process, two at a time.
 */
const only = process.argv.slice(2);
const unknown = only.filter((id) => !FAULTS.some((f) => f.id === id));
if (unknown.length > 0) {
  console.error(`unknown fault(s): ${unknown.join(', ')}`);
  process.exit(2);
}
const faults = only.length > 0 ? FAULTS.filter((f) => only.includes(f.id)) : FAULTS;

interface Outcome {
  id: string;
  code: number | null;
  /** why the server ended the run, when it did */
  stoppedBy?: string;
  /** checks the baseline left failed or blocked */
  left: string[];
}

const started = Date.now();
const outcomes = await inPool(faults, DEFAULT_CONCURRENCY, async (fault): Promise<Outcome> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-baseline-sweep-'));
  try {
    const file = path.join(dir, 'baseline.json');
    await runSuite(['--fault', fault.id, ...FAULT_MAX_WAIT, '--write-baseline', file], { inProcess: true });
    // skips are no deviations a baseline could know: the gate is judged on failed and blocked checks
    const second = await runSuite(['--fault', fault.id, ...FAULT_MAX_WAIT, '--baseline', file, '--allow-incomplete'], {
      inProcess: true,
    });
    const left = second.checks
      .filter((c) => (c.status === 'failed' || c.status === 'blocked') && c.baselined !== true)
      .map((c) => `${c.status} ${c.id}: ${c.title}`);
    const outcome: Outcome = {
      id: fault.id,
      code: second.code,
      left,
      ...(second.run?.stoppedBy !== undefined ? { stoppedBy: second.run.stoppedBy } : {}),
    };
    const verdict =
      outcome.code === 0 ? 'passes' : outcome.stoppedBy ? 'incomplete (the server stopped the run)' : 'FAILS';
    console.error(`${fault.id}: ${verdict}`);
    return outcome;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const failing = outcomes.filter((o) => o.code !== 0 && o.stoppedBy === undefined);
const stopped = outcomes.filter((o) => o.code !== 0 && o.stoppedBy !== undefined);
for (const o of stopped) console.log(`incomplete, as it must be: ${o.id}: ${o.stoppedBy}`);
for (const o of failing) console.log(`the baseline does not make its own run pass: ${o.id}\n  ${o.left.join('\n  ')}`);
const passed = outcomes.length - failing.length - stopped.length;
console.log(
  `baselines: ${passed}/${outcomes.length} make their own run pass; ${stopped.length} stopped by the server; ${failing.length} fail (${Math.round((Date.now() - started) / 1000)} s)`,
);
process.exit(failing.length > 0 ? 1 : 0);
