import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** where the whole-suite runs test files share are kept for this `vitest run` (test/support/shared-run.ts) */
    sharedRunsDir: string;
  }
}

/** set in vitest's own process: every project (vitest.config.ts) gets the same folder */
const KEY = 'CONFORMANCE_SHARED_RUNS_DIR';

/**
 * Once per `vitest run` and project, before any worker starts: a folder for the runs test files share, the
 * same for every project, handed to every worker (inject('sharedRunsDir')) and removed when the last file
 * has ended.
 */
export function setup(project: TestProject): () => void {
  const made = process.env[KEY] === undefined;
  const dir = process.env[KEY] ?? mkdtempSync(path.join(tmpdir(), 'conformance-shared-runs-'));
  process.env[KEY] = dir;
  project.provide('sharedRunsDir', dir);
  return () => {
    if (!made) return;
    rmSync(dir, { recursive: true, force: true });
    delete process.env[KEY];
  };
}
