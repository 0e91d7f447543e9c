import path from 'node:path';
import type { RunTarget } from '../check/run-target.js';
import { ApiClient } from '../http/client.js';
import type { RequestBudget } from '../http/request-budget.js';
import { RunStopped } from '../http/run-stopped.js';
import { auditKeptRecords } from '../preflight/kept-audit.js';
import type { Redactor } from '../redact/redact.js';
import { writeReportFile } from '../report/conformance-json.js';
import { RecordChanges, type RecordChange } from '../safety/record-changes.js';

/**
 * The steps after the checks, none of which may throw away the run's results: whatever they meet (a
 * stopped run, a server that rate-limits or dies, a file that cannot be written), the reports are
 * still written, and what they could not do is named in them.
 */

/**
 * The changes the checks found on kept records, and those a read of every kept record after the run
 * finds against its state at the fixtures check (the later finding of a record's attribute wins). A
 * read the stopped run does not send is named in `budget.pace.notSent`; its record is left unjudged.
 */
export async function keptRecordChanges(
  target: RunTarget,
  redactor: Redactor,
  budget: RequestBudget,
): Promise<{ changes: RecordChange[]; requests: number }> {
  const changes = target.recordChanges ?? new RecordChanges();
  const before = target.preflight?.kept;
  let requests = 0;
  if (before && Object.keys(before).length > 0) {
    const api = new ApiClient({
      baseUrl: target.baseUrl,
      keys: target.keys,
      timeoutMs: target.timeoutMs,
      redactor,
      budget,
      onExchange: () => {
        requests += 1;
      },
      refuse: (_kind, message) => {
        throw new RunStopped(message.replace(/^blocked: /, ''));
      },
    });
    const notSent = (request: string, purpose: string, err: unknown) => {
      const why = err instanceof RunStopped ? err.reason : err instanceof Error ? err.message : String(err);
      budget.pace.notSend({ request, purpose, why });
    };
    try {
      for (const c of await auditKeptRecords(api, target.fixtures, before, target.readOnly, notSent)) changes.add(c);
    } catch (err) {
      notSent('the read of every kept record', 'comparing your kept records with the fixtures check', err);
    }
  }
  return { changes: changes.all(), requests };
}

/** --har: written if it can be; a file that cannot be written is said on the console, the run goes on. */
export function writeHarFile(file: string, har: unknown, redactor: Redactor, print: (line: string) => void): void {
  try {
    writeReportFile(path.dirname(file), path.basename(file), JSON.stringify(har) + '\n', redactor);
  } catch (err) {
    print(`--har: could not write ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
