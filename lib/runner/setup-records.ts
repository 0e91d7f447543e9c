import type { CheckRun } from './check-run.js';
import type { RunSetups } from './run-setups.js';

/**
 * A failed or blocked check's `records` with those of the shared set-ups it judged: its evidence and
 * reproducers may name a set-up's record, which the run archived when it ended (or kept, under
 * --keep-failing), so the report says so. Called once the set-ups are closed.
 */
export function withSetupRecords(runs: readonly CheckRun[], setups: RunSetups): void {
  for (const run of runs) {
    const r = run.result;
    if ((r.status !== 'failed' && r.status !== 'blocked') || !run.setups?.length) continue;
    const shared = setups.recordsOf(run.setups);
    if (shared.archived.length === 0 && shared.kept.length === 0) continue;
    const own = r.records ?? { archived: [], kept: [] };
    r.records = { archived: [...own.archived, ...shared.archived], kept: [...own.kept, ...shared.kept] };
  }
}
