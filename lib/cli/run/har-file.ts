import path from 'node:path';
import { harOf } from '../../report/har.js';
import { writeReportFile } from '../../report/conformance-json.js';
import { keptExchange } from '../../runner/traffic.js';
import type { RunRecord } from '../../runner/run-record.js';
import { suiteVersion } from '../../config/suite-version.js';
import type { Ready } from './preflight.js';

/**
 * --har: every request of the checks, then those of the set-ups they share, as an HTTP Archive. Written
 * if it can be; a file that cannot be written is said on the console, and the run goes on to its reports.
 */
export function harFile(run: Ready, record: RunRecord): void {
  const file = run.config.har;
  if (file === undefined) return;
  const checks = record.runs.map((r, index) => ({
    index,
    id: r.result.id,
    title: r.result.title,
    held: r.held,
    exchanges: r.exchanges,
    spans: r.spans,
  }));
  const setups = {
    index: record.runs.length,
    id: 'set-up',
    title: 'run-scoped set-ups several checks share',
    held: [],
    exchanges: record.setups.exchanges.map(keptExchange),
    spans: record.setups.spans,
  };
  const har = harOf([...checks, setups], { version: suiteVersion() });
  try {
    writeReportFile(path.dirname(file), path.basename(file), JSON.stringify(har) + '\n', run.redactor);
  } catch (err) {
    run.print(`--har: could not write ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
