import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WaitingFirst } from './test/support/waiting-first.js';

// `npm test`: the project's tests of itself (test/). The conformance checks (suites/*.checks.ts) are
// not vitest tests: `npx conformance` registers them (lib/check/registry.ts) and runs them in its own
// runner (lib/runner/), against the target it resolved.

/**
 * The files that wait more than they compute: on a quota's refill, a Retry-After, --max-wait, --deadline, a
 * server that stops answering (CPU seconds a third of their wall or less: test/metered.test.ts 25 of 76).
 */
const WAITING = [
  'test/metered.test.ts',
  'test/hostile/time-budget.test.ts',
  'test/hostile/rate-limited-mid-run.test.ts',
  'test/hostile/honest-pacing.test.ts',
  'test/safety-unreachable.test.ts',
];

/**
 * The other files, one at a time per core (a file is mostly one busy thread: its in-process runs and the
 * reference servers they start); CONFORMANCE_TEST_WORKERS=N sets another number (1 on a machine others load
 * heavily: at a load of 25 on 2 cores, in-process runs met a reference server too slow to answer). A worker
 * keeps the modules it loaded from one file to the next (isolate: false): the spec, the suites and the
 * reference cost about a second of CPU to load, once a file isolated (65 short files: 132 CPU s, 64 not).
 */
const computing = Number(process.env['CONFORMANCE_TEST_WORKERS'] ?? availableParallelism());

/**
 * Both projects run at once, in one pool (one `sequence.groupOrder`, so one maxWorkers): a worker for each
 * waiting file, taken first (test/support/waiting-first.ts), and the rest for the computing files, which take
 * one of `computing` slots before they load (test/support/compute-slot.ts), one fewer while a waiting file is
 * left. The waits overlap the computing: npm test's wall is about the longer of the two, not their sum
 * (test/metered.test.ts alone waits 76 s for 25 CPU s).
 */
const workers = computing + WAITING.length;

const setupFiles = [
  // CONFORMANCE_CPU_LOG=<file>: each file's CPU seconds (test/support/cpu-meter.ts)
  ...(process.env['CONFORMANCE_CPU_LOG'] === undefined ? [] : ['test/support/cpu-meter.ts']),
];

export default defineConfig({
  test: {
    // a folder for the whole-suite runs test files share (test/support/shared-run.ts)
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    sequence: { sequencer: WaitingFirst },
    projects: [
      {
        // all at once, beside the computing files: they wait on clocks, a worker each
        extends: true,
        test: {
          name: 'waiting',
          include: WAITING,
          maxWorkers: workers,
          // its mark removed when it ends: until all have, the computing files take one core fewer
          setupFiles: [...setupFiles, 'test/support/waiting-mark.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'computing',
          include: ['test/**/*.test.ts'],
          exclude: WAITING,
          maxWorkers: workers,
          provide: { computeSlots: computing },
          // first: a file waiting for its slot has loaded nothing yet
          setupFiles: ['test/support/compute-slot.ts', ...setupFiles],
          isolate: false,
        },
      },
    ],
  },
});
