import type { Exchange } from '../http/exchange.js';
import type { CreatedRecords } from '../safety/tracker.js';
import type { LedgerAuth } from '../safety/ledger.js';
import type { CheckClient } from './check-client.js';
import type { ContextParts } from './check-context.js';

/**
 * The cleanup that archives whatever the check created and neither it nor its own cleanups archived,
 * newest first and all at once; then tells the run which records were archived and which kept (--keep-failing keeps
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
    // no record's archive waits on another's (the spec states no cascade): sent at once, newest first,
    // they cost one round trip, not one each; what could not be archived is said in the list's order
    const pending = records.pending().filter((e) => e.path !== null);
    const outcomes = await Promise.all(pending.map((e) => archiveOne(api, e.path!, e.auth)));
    pending.forEach((e, i) => {
      const o = outcomes[i]!;
      if ('why' in o)
        couldNot(
          `could not archive ${e.type} ${e.id} (DELETE ${e.path}): ${o.why}; \`npx conformance cleanup --ledger\` can retry`,
        );
      else if (o.status === 404 || o.status === 410) records.markArchived(e.path!, o.status);
      else if (o.status === undefined || o.status < 200 || o.status > 299)
        couldNot(
          `could not archive ${e.type} ${e.id}: DELETE ${e.path} answered HTTP ${o.status}; \`npx conformance cleanup --ledger\` can retry`,
        );
    });
    report();
  };
}

/** One archive: its status (none when unanswered), or why it could not be sent. */
async function archiveOne(
  api: CheckClient,
  path: string,
  auth: LedgerAuth,
): Promise<{ status: number | undefined } | { why: string }> {
  try {
    const ex: Exchange = await api.delete(path, { auth });
    return { status: ex.response?.status };
  } catch (err) {
    return { why: err instanceof Error ? err.message : String(err) };
  }
}
