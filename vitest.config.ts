import { defineConfig } from 'vitest/config';

// `npm test`: the project's tests of itself (test/). The conformance checks (suites/*.checks.ts) are
// not vitest tests: `npx conformance` registers them (lib/check/registry.ts) and runs them in its own
// runner (lib/runner/), against the target it resolved.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the spec's knowledge, handed to the engine as bin/main.ts does
    setupFiles: ['test/support/use-spec.ts'],
    // a folder for the whole-suite runs test files share (test/support/shared-run.ts)
    globalSetup: ['test/support/global-setup.ts'],
    // vitest's default is a worker per core less one: one worker on a 2-core machine. CONFORMANCE_TEST_WORKERS=2
    // runs two files at once (most files wait on servers, child runs and quotas), but under load the timed
    // files (test/metered.test.ts reaching a quota, a server dying mid-run) then miss what they wait for
    ...(process.env['CONFORMANCE_TEST_WORKERS'] ? { maxWorkers: Number(process.env['CONFORMANCE_TEST_WORKERS']) } : {}),
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
