import type { Spec } from '../spec.js';
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
  spec: Spec,
  cwd: string = process.cwd(),
): Promise<number> {
  const configured = configure(args, spec, rawPrint, cwd);
  if (args.list) return await listChecks(configured.config, spec, configured.print);
  const gate = gateOf(configured);
  // the embedded server, the signal handlers and the waiting line, undone however the run ends
  const teardown = new Teardown();
  try {
    const connected = await startTarget(configured, teardown);
    // the suite files load (CPU) while the probe and the fixtures check wait on the server; a suite that
    // fails to load is said only once the run could have started (settled here, so nothing rejects unheard)
    const loading = loadSuite(spec, connected.redactor).then(
      (all) => ({ all }),
      (err: unknown) => ({ err }),
    );
    const ready = await preflight(connected, teardown);
    const loaded = await loading;
    if ('err' in loaded) throw loaded.err;
    const all = loaded.all;
    const selected = selectForRun(ready, all);
    const record = await runSelected(ready, selected);
    await audit(ready, record);
    return await writeAllReports(ready, record, gate);
  } finally {
    await teardown.close();
  }
}
