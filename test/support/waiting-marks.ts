import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One mark per waiting file of this `vitest run` still to end, in the shared-runs folder: the sequencer
 * (test/support/waiting-first.ts) writes them before any worker starts, each waiting file removes its own
 * after its last hook (test/support/waiting-mark.ts), and while any is left the computing files take one slot
 * fewer (test/support/compute-slot.ts): a waiting file meets its quota and its deadlines with a core to spare.
 */
const MARKS = 'waiting-files';

/**
 * The files that wait more than they compute: on a quota's refill, a Retry-After, --max-wait, --deadline, a
 * server that stops answering (CPU seconds a third of their wall or less: test/metered.test.ts 18 of 44).
 * npm test starts them first, a worker each, beside the computing files (vitest.config.ts).
 */
export const WAITING = [
  'test/metered.test.ts',
  'test/hostile/time-budget.test.ts',
  'test/hostile/rate-limited-mid-run.test.ts',
  'test/hostile/honest-pacing.test.ts',
  'test/safety-unreachable.test.ts',
];

/** the project's root, which WAITING's paths are relative to */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Whether a test file (its absolute path) is one of WAITING. */
export function isWaiting(file: string): boolean {
  return WAITING.includes(path.relative(ROOT, file).split(path.sep).join('/'));
}

const markOf = (dir: string, file: string) =>
  path.join(dir, MARKS, createHash('sha256').update(path.resolve(file)).digest('hex').slice(0, 16));

export function markWaiting(dir: string, files: readonly string[]): void {
  mkdirSync(path.join(dir, MARKS), { recursive: true });
  for (const f of files) writeFileSync(markOf(dir, f), f);
}

export function waitingEnded(dir: string, file: string): void {
  rmSync(markOf(dir, file), { force: true });
}

export function anyWaiting(dir: string): boolean {
  try {
    return readdirSync(path.join(dir, MARKS)).length > 0;
  } catch {
    return false;
  }
}
