import { beforeAll, describe, expect, it } from 'vitest';
import { failedChecks, limiter, runSuite, type SuiteRun } from './verify/detect.js';

/**
 * The suite relies only on what the spec states: it passes against the reference server in
 * every shape the reference can take where the spec is silent or the network is unkind.
 */
const PROFILES: Array<readonly string[]> = [
  ['--profile', 'alternate'],
  ['--stated-routes-only'],
  ['--rate-limit-every', '7'],
  ['--latency-ms', '30'],
];

describe('npx conformance passes against every reference profile', () => {
  const runs = new Map<string, Promise<SuiteRun>>();
  beforeAll(() => {
    const schedule = limiter(2);
    for (const args of PROFILES) {
      const p = schedule(() => runSuite(args));
      p.catch(() => undefined); // awaited by the profile's own test
      runs.set(args.join(' '), p);
    }
  });

  for (const args of PROFILES) {
    const title = args.join(' ');
    it(title, async () => {
      const run = await runs.get(args.join(' '))!;
      expect(run.error).toBeUndefined();
      expect(failedChecks(run)).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.checks.length).toBeGreaterThan(0);
      // a 429 slows the whole run (AIMD): the limit fell below --concurrency 8 and the report says so
      if (args.includes('--rate-limit-every')) expect(run.run?.concurrency?.lowest).toBeLessThan(8);
      else expect(run.run?.concurrency).toEqual({ configured: 8, settled: 8, lowest: 8 });
    }, 600_000);
  }
});
