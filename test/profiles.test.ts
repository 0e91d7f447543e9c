import { beforeAll, describe, expect, it } from 'vitest';
import { failedChecks, limiter, runSuite, type SuiteRun } from './verify/detect.js';

/**
 * The suite relies only on what the spec states: it passes against the reference server in
 * every shape the reference can take where the spec is silent or the network is unkind.
 */
const PROFILES: Array<readonly string[]> = [
  ['--profile', 'alternate'],
  ['--stated-routes-only'],
  // a metered server: a token bucket of 100 a second, 20 at once (test/metered.test.ts has the slow ones)
  ['--quota-bucket', '100:20'],
  ['--latency-ms', '30'],
];

describe('npx conformance passes against every reference profile', () => {
  const runs = new Map<string, Promise<SuiteRun>>();
  beforeAll(() => {
    const schedule = limiter(2);
    for (const args of PROFILES) {
      // in this process, through the composition root: the property is the run's, not a process start's
      const p = schedule(() => runSuite(args, { inProcess: true }));
      p.catch(() => undefined); // awaited by the profile's own test
      runs.set(args.join(' '), p);
    }
  });

  for (const args of PROFILES) {
    const title = args.join(' ');
    it(
      title,
      async () => {
        const run = await runs.get(args.join(' '))!;
        expect(run.error).toBeUndefined();
        expect(failedChecks(run)).toEqual([]);
        expect(run.code).toBe(0);
        expect(run.checks.length).toBeGreaterThan(0);
        // a 429 the checks meet slows the whole run (AIMD): each 429 step halves the limit before it; without
        // any 429 it never goes below the start (a latency rise only takes back what growth added). A 429 the
        // fixtures check met (its own budget) is retried too, but is no step of the checks' path.
        const concurrency = run.run?.concurrency;
        expect(concurrency).toMatchObject({ configured: 32, start: 8 });
        let before = concurrency?.start ?? 8;
        for (const step of concurrency?.path ?? []) {
          if (step.why === '429') expect(step.limit).toBe(Math.max(1, Math.floor(before / 2)));
          before = step.limit;
        }
        // (a machine too busy to send 100 a second meets no 429: nothing then lowers the limit)
        if ((run.run?.rateLimitRetries ?? 0) === 0) expect(concurrency?.lowest).toBe(8);
      },
      600_000,
    );
  }
});
