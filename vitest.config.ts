import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WaitingFirst } from './test/support/waiting-first.js';
import { WAITING } from './test/support/waiting-marks.js';

// `npm test`: the project's tests of itself (test/). The conformance checks (suites/*.checks.ts) are
// not vitest tests: `npx conformance` registers them (lib/check/registry.ts) and runs them in its own
// runner (lib/runner/), against the target it resolved.

/**
 * The computing files (all but WAITING's, the files that wait more than they compute: test/support/waiting-marks.ts),
 * one at a time per core (a file is mostly one busy thread: its in-process runs and the reference servers they
 * start); CONFORMANCE_TEST_WORKERS=N sets another number (1 on a machine others load heavily: at a load of 25 on
 * 2 cores, in-process runs met a reference server too slow to answer).
 */
const computing = Number(process.env['CONFORMANCE_TEST_WORKERS'] ?? availableParallelism());

/**
 * One pool, one queue (test/support/waiting-first.ts): a worker for each waiting file, taken first, and the
 * others for the computing files, which take one of `computing` slots before they load (test/support/compute-slot.ts),
 * one fewer while a waiting file is left. The waits overlap the computing: npm test's wall is about the longer of
 * the two, not their sum (test/metered.test.ts alone waits 44 s for 18 CPU s).
 */
const workers = computing + WAITING.length;

const setupFiles = [
  // first: a computing file waiting for its slot has loaded nothing yet
  'test/support/compute-slot.ts',
  // CONFORMANCE_CPU_LOG=<file>: each file's CPU seconds (test/support/cpu-meter.ts)
  ...(process.env['CONFORMANCE_CPU_LOG'] === undefined ? [] : ['test/support/cpu-meter.ts']),
  // a waiting file's mark removed when it ends: until all have, the computing files take one core fewer
  'test/support/waiting-mark.ts',
];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // a folder for the whole-suite runs test files share (test/support/shared-run.ts)
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    sequence: { sequencer: WaitingFirst },
    maxWorkers: workers,
    provide: { computeSlots: computing },
    setupFiles,
    /**
     * A worker keeps the modules it loaded from one file to the next: the spec, the suites and the reference
     * cost about a second of CPU to load, and a worker's first runs another second or two while V8 warms up
     * (65 short files isolated: 132 CPU s, 64 not). The waiting files are of the same one project, so that the
     * worker of one that ended goes on with the computing files, warm, instead of a new one starting (vitest
     * hands a worker on only within a project: with two, 12 workers started in all, 7 now).
     */
    isolate: false,
  },
});
