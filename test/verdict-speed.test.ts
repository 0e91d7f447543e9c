import { describe, expect, it } from 'vitest';
import { runSuite } from './verify/detect.js';

/**
 * Verdicts do not depend on speed: the same server gives every check the same status whether the
 * run sends one request at a time or 32, with every endpoint group's checks sharing the pool.
 * A little latency makes the 32 overlap for real.
 */
describe('the verdict does not depend on --concurrency', () => {
  it('every check has the same status at --concurrency 1 and at 32', async () => {
    const [one, many] = await Promise.all([
      // in this process, through the composition root: the property is the runs', not a process start's
      runSuite(['--concurrency', '1', '--latency-ms', '2'], { inProcess: true }),
      runSuite(['--concurrency', '32', '--latency-ms', '2'], { inProcess: true }),
    ]);
    expect(one.error).toBeUndefined();
    expect(many.error).toBeUndefined();
    const statuses = (checks: typeof one.checks) =>
      Object.fromEntries(checks.map((c) => [`${c.id} | ${c.title}`, c.status]));
    expect(Object.keys(statuses(one.checks))).toHaveLength(one.checks.length); // titles tell checks apart
    expect(statuses(many.checks)).toEqual(statuses(one.checks));
    expect(many.code).toBe(one.code);
    expect(one.run?.concurrency?.configured).toBe(1);
    expect(many.run?.concurrency?.configured).toBe(32);
  }, 300_000);
});
