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

/**
 * Once per `vitest run`, before any worker starts: a folder for the runs test files share, handed to
 * every worker (inject('sharedRunsDir')) and removed when the last file has ended.
 */
export function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-shared-runs-'));
  project.provide('sharedRunsDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
