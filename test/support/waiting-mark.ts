import { afterAll, inject } from 'vitest';
import { isWaiting, waitingEnded } from './waiting-marks.js';

// A waiting file (WAITING), after its last hook: its mark removed (test/support/waiting-marks.ts).
// eslint-disable-next-line no-empty-pattern -- vitest reads the first argument as fixtures: none wanted
afterAll(({}, suite) => {
  if (!('filepath' in suite) || !isWaiting(suite.filepath)) return;
  let dir: string;
  try {
    dir = inject('sharedRunsDir');
  } catch {
    return;
  }
  waitingEnded(dir, suite.filepath);
});
