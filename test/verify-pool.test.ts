import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workerPool } from './verify/pool.js';

const WORKER = fileURLToPath(new URL('./support/pool-worker.mjs', import.meta.url));

/** The pid a stand-in worker answered from (it adds it to the outcome). */
function pidOf(r: unknown): number {
  return (r as { outcome: { pid: number } }).outcome.pid;
}

describe("npm run verify's worker pool", () => {
  it('a worker serves one job after another; one that dies or overstays fails only its job, and a fresh one goes on', async () => {
    const pool = workerPool(1, { worker: WORKER, timeoutMs: 3_000 });
    try {
      const first = await pool.run({ kind: 'alternate' });
      const second = await pool.run({ kind: 'alternate' });
      // the same process, its second job (a start counts in the timeout: a plain node worker's, well within 3 s)
      expect(pidOf(first)).toBeGreaterThan(0);
      expect(pidOf(second)).toBe(pidOf(first));
      expect(second).toMatchObject({ kind: 'alternate', outcome: { ms: 2 } });
      const died = await pool.run({ kind: 'together' });
      expect(died).toMatchObject({ kind: 'variation', outcome: { id: 'together', passed: false } });
      expect(JSON.stringify(died)).toContain('the worker exited (exit 3)');
      const fresh = await pool.run({ kind: 'alternate' });
      expect(pidOf(fresh)).not.toBe(pidOf(first));
      const hung = await pool.run({ kind: 'in-a-row' });
      expect(JSON.stringify(hung)).toContain('the run overstayed 3 s');
      const after = await pool.run({ kind: 'alternate' });
      expect(pidOf(after)).not.toBe(pidOf(fresh));
      expect(after).toMatchObject({ outcome: { ms: 1 } });
    } finally {
      pool.close();
    }
  });
});
