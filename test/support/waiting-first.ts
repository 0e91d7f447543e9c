import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { isWaiting, markWaiting } from './waiting-marks.js';

/**
 * The computing files that cost the most CPU, most first (CONFORMANCE_CPU_LOG, test/support/cpu-meter.ts: 29 to
 * 6 CPU s each at a load of 8, 2026-11-27). Started first, none of them is the run's tail on a core while the
 * other idles; vitest's own order (the longest of the last run first) needs a cache a fresh clone, as in CI, does
 * not have, and falls back on the size of the file.
 */
const HEAVIEST = [
  'test/variations.test.ts',
  'test/faults-2.test.ts',
  'test/faults.test.ts',
  'test/init.test.ts',
  'test/shared-records.test.ts',
  'test/one-cause.test.ts',
  'test/matrix.test.ts',
  'test/hostile/bounded-memory.test.ts',
  'test/no-cascade.test.ts',
  'test/repeatable-runs.test.ts',
  'test/hostile/ci-log.test.ts',
  'test/profiles.test.ts',
  'test/action.test.ts',
  'test/package.test.ts',
];

/**
 * The order of npm test's one queue (vitest.config.ts): the waiting files (WAITING) first, so that each gets a
 * worker of its own at once and its waits overlap the computing files; then the heaviest computing files; then
 * the others in vitest's own order.
 */
export class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // set by test/support/global-setup.ts in this process, before the files are sorted
    const dir = process.env['CONFORMANCE_SHARED_RUNS_DIR'];
    const waitingFiles = sorted.filter((f) => isWaiting(f.moduleId)).map((f) => f.moduleId);
    if (dir !== undefined) markWaiting(dir, waitingFiles);
    const rank = (f: TestSpecification): number => {
      if (isWaiting(f.moduleId)) return -1;
      const at = HEAVIEST.indexOf(path.relative(f.project.config.root, f.moduleId).split(path.sep).join('/'));
      return at === -1 ? HEAVIEST.length : at;
    };
    // a stable sort: vitest's order among files of one rank
    return sorted
      .map((f, i) => ({ f, i, r: rank(f) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map(({ f }) => f);
  }
}
