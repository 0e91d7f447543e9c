import { defineConfig } from 'vitest/config';

// `npm test`: the project's tests of itself (test/). The conformance suites (suites/) are not run
// from here: `npx conformance` runs them through the Vitest Node API with the target it resolved.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
