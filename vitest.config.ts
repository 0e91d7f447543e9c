import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
 * The other files, one worker per core (a worker is mostly one busy thread: its in-process runs and the
 * reference servers they start); CONFORMANCE_TEST_WORKERS=N sets another number (1 on a machine others load
 * heavily: at a load of 25 on 2 cores, in-process runs met a reference server too slow to answer). A worker
 * keeps the modules it loaded from one file to the next (isolate: false): the spec, the suites and the
 * reference cost about a second of CPU to load, once a file isolated (65 short files: 132 CPU s, 64 not).
 */
const computing = Number(process.env['CONFORMANCE_TEST_WORKERS'] ?? availableParallelism());

export default defineConfig({
  test: {
    // a folder for the whole-suite runs test files share (test/support/shared-run.ts)
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    projects: [
      {
        // first, all at once: their waits overlap, and no file that computes takes the cores they need to
        // reach what they wait for (a quota; files that computed beside them, under load, missed it)
        extends: true,
        test: {
          name: 'waiting',
          include: WAITING,
          maxWorkers: WAITING.length,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'computing',
          include: ['test/**/*.test.ts'],
          exclude: WAITING,
          maxWorkers: computing,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
