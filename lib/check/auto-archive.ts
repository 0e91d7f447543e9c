import type { Exchange } from '../http/exchange.js';
import type { CreatedRecords } from '../safety/tracker.js';
import type { CheckClient } from './check-client.js';
import type { ContextParts } from './check-context.js';

/**
 * The cleanup that archives whatever the check created and neither it nor its own cleanups archived,
 * newest first; then tells the run which records were archived and which kept (--keep-failing keeps
 * a failing check's records in place, for its reproducers). An archive that fails is an observation
 * naming the cleanup command that can retry it.
 */
export function archiveWhatWasMade(p: ContextParts, api: CheckClient, records: CreatedRecords): () => Promise<void> {
  const ref = (e: { type: string; id: string }) => ({ type: e.type, id: e.id });
  const report = () => p.records?.({ archived: records.archivedEntries().map(ref), kept: records.pending().map(ref) });
  const couldNot = (text: string) => p.observations.push({ topic: 'cleanup', text });
  return async () => {
    if (p.keepRecords?.() === true) {
      report();
      return;
    }
    for (const e of records.pending()) {
      if (e.path === null) continue;
      let ex: Exchange;
      try {
        ex = await api.delete(e.path, { auth: e.auth });
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        couldNot(
          `could not archive ${e.type} ${e.id} (DELETE ${e.path}): ${why}; \`npx conformance cleanup --ledger\` can retry`,
        );
        continue;
      }
      const status = ex.response?.status;
      if (status === 404 || status === 410) records.markArchived(e.path, status);
      else if (status === undefined || status < 200 || status > 299)
        couldNot(
          `could not archive ${e.type} ${e.id}: DELETE ${e.path} answered HTTP ${status}; \`npx conformance cleanup --ledger\` can retry`,
        );
    }
    report();
  };
}
