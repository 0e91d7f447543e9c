import { RunCannotStart } from '../../config/run-cannot-start.js';
import type { CheckDefinition } from '../../check/registry.js';
import { selectChecks } from '../../select/selection.js';
import type { Ready } from './preflight.js';

/**
 * Phase 5, select: --only, --skip, --level and --shard applied before any check runs (a left-out check
 * is in no report). A selection that leaves nothing is an exit 2; an empty shard, or a run interrupted
 * already, still reports.
 */
export function selectForRun(run: Ready, all: readonly CheckDefinition[]): CheckDefinition[] {
  const { config } = run;
  const defs = selectChecks(all, config.selection, config.shard);
  if (defs.length === 0 && config.shard === undefined && !run.interruption.signal)
    throw new RunCannotStart('the selection (--only / --skip / --level) leaves no check to run');
  run.record.selected = defs.length;
  run.phases.end('suiteLoadMs');
  return defs;
}
