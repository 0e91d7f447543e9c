import { availableParallelism } from 'node:os';
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
    // a worker per core, not vitest's one less: most files wait on servers, child runs and quotas, so on a
    // 2-core machine one worker left a core idle for the whole of `npm test`
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
