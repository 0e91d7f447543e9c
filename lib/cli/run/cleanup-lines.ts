import path from 'node:path';
import { pendingArchives, readLedger, unsettled } from '../../safety/ledger.js';

/** The command that archives what a run recorded in its ledger, with the ledger's path as the user types it. */
export function cleanupCommandFor(ledgerFile: string, cwd: string): string {
  return `npx conformance cleanup --ledger ${path.relative(cwd, ledgerFile) || ledgerFile}`;
}

/**
 * The one line that says records may be left and how to clean up: what the ledger shows this run
 * created and did not archive, and POSTs that got no answer (they may have created a record).
 */
export function cleanupHint(ledgerFile: string | undefined, runId: string, cwd: string): string | undefined {
  if (ledgerFile === undefined) return undefined;
  const lines = readLedger(ledgerFile).filter((l) => l.runId === runId);
  const pending = pendingArchives(lines).length;
  const maybe = unsettled(lines).filter((l) => l.maybeCreated === true).length;
  if (pending === 0 && maybe === 0) return undefined;
  const what = [
    pending > 0 ? `${pending} record(s) not archived` : '',
    maybe > 0
      ? `${maybe} POST(s) that may have created a record (no answer, answered 5xx, or answered 429 and sent again; find them by the run id ${runId})`
      : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `records may be left: ${what}; run: ${cleanupCommandFor(ledgerFile, cwd)}`;
}
