import type { CheckModule } from '../../check/registry.js';
import type { RunArgs } from '../args.js';
import { listChecks } from '../list.js';
import { configure, gateOf } from './config.js';
import { startTarget } from './target.js';
import { preflight } from './preflight.js';
import { loadSuite } from './load.js';
import { selectForRun } from './select.js';
import { runSelected } from './run.js';
import { audit } from './audit.js';
import { writeAllReports } from './reports.js';
import { Teardown } from './teardown.js';

/**
 * `npx conformance`: a run is these phases, in this order, each in a file of its own beside this one.
 * Returns the exit status. A phase that finds the run cannot be made throws RunCannotStart (exit 2);
 * once the checks have started, whatever stops them, every report is still written.
 */
export async function runConformance(
  args: RunArgs,
  rawPrint: (line: string) => void,
  suites: readonly CheckModule[],
  cwd: string = process.cwd(),
): Promise<number> {
  const configured = configure(args, rawPrint, cwd);
  if (args.list) return await listChecks(configured.config, suites, configured.print);
  const gate = gateOf(configured, suites);
  // the embedded server, the signal handlers and the waiting line, undone however the run ends
  const teardown = new Teardown();
  try {
    const connected = await startTarget(configured, teardown);
    const ready = await preflight(connected, teardown);
    const all = await loadSuite(suites, ready.redactor);
    const selected = selectForRun(ready, all);
    const record = await runSelected(ready, selected);
    await audit(ready, record);
    return await writeAllReports(ready, record, gate, suites);
  } finally {
    await teardown.close();
  }
}
