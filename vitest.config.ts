import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test`: the project's tests of itself (test/). The conformance checks (suites/*.checks.ts) are
// not vitest tests: `npx conformance` registers them (lib/check/registry.ts) and runs them in its own
// runner (lib/runner/), against the target it resolved.

/**
 * The files that wait more than they compute: on a quota's refill, a Retry-After, --max-wait, --deadline, a
 * server that stops answering (CPU seconds a third of their wall or less). They run first, all at once, in a
 * project of their own: their waits overlap, and no file that computes shares the cores with them, so each
 * still reaches what it waits for (a quota, a server dying mid-run).
 */
const WAITING = [
  'test/metered.test.ts',
  'test/hostile/time-budget.test.ts',
  'test/hostile/rate-limited-mid-run.test.ts',
  'test/hostile/honest-pacing.test.ts',
  'test/safety-unreachable.test.ts',
];

/**
 * The files that compute, one worker per core (a worker is mostly one busy thread: its in-process runs and
 * the reference servers they start); CONFORMANCE_TEST_WORKERS=N sets another number. A worker keeps the
 * modules it loaded from one file to the next (isolate: false): the spec, the suites and the reference cost
 * about a second of CPU to load, once a file isolated (65 short files: 132 CPU seconds isolated, 64 not).
 */
const computing = Number(process.env['CONFORMANCE_TEST_WORKERS'] ?? availableParallelism());

export default defineConfig({
  test: {
    // the spec's knowledge, handed to the engine as bin/main.ts does
    setupFiles: ['test/support/use-spec.ts'],
    // a folder for the whole-suite runs test files share (test/support/shared-run.ts)
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'waiting', include: WAITING, maxWorkers: WAITING.length, sequence: { groupOrder: 0 } },
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
