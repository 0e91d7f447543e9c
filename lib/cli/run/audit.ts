import { ApiClient } from '../../http/client.js';
import { serverSettings } from '../../http/client-settings.js';
import { RunStopped } from '../../http/run-stopped.js';
import { RecordChanges, type RecordChange } from '../../safety/record-changes.js';
import type { RunRecord } from '../../runner/run-record.js';
import type { Ready } from './preflight.js';
import { BorrowedSlots } from './audit-budget.js';

/** The audit's reads, once per run: begun beside the run's last reads (`startAudit`), or at its end. */
const begun = new WeakMap<Ready, Promise<RecordChange[]>>();

/**
 * Phase 7, audit: every kept record read again, so what the server changed on the user's records heads
 * the console and every report: the changes the checks found, and those this read finds against each
 * record's state at the fixtures check (the later finding of a record's attribute wins). Like every
 * step after the checks it cannot throw the run's results away: a read the stopped run does not send
 * is named in `pace.notSent`, and its record is left unjudged.
 */
export async function audit(run: Ready, record: RunRecord): Promise<void> {
  const changes = run.target.recordChanges ?? new RecordChanges();
  for (const c of await startAudit(run, record)) changes.add(c);
  record.recordChanges = changes.all();
  run.phases.end('checksMs');
  run.waiting.dispose();
}

/**
 * The audit's reads and what they find, begun once: as soon as no check will write any more
 * (lib/check/run-target.ts LastChecks.checkWritesDone), beside the last checks' reads and the set-ups'
 * archives, which change nothing it compares: an archive of a record the run made, an edge the run made
 * (the spec states no other effect of either, and a record's read shows no edge); or at the end of a
 * run stopped before. A round trip off a distant run, and against a server that sheds load, a
 * Retry-After of its own.
 */
export function startAudit(run: Ready, record: RunRecord): Promise<RecordChange[]> {
  let p = begun.get(run);
  if (!p) {
    p = readKept(run, record);
    begun.set(run, p);
  }
  return p;
}

async function readKept(run: Ready, record: RunRecord): Promise<RecordChange[]> {
  const { target, before, budget } = run;
  const kept = target.preflight?.kept;
  if (!kept || Object.keys(kept).length === 0) return [];
  const api = new ApiClient({
    ...serverSettings(target, run.redactor),
    // counted apart from the checks' (--max-requests), in their slots: beside the archives, one cap
    budget: new BorrowedSlots(before, budget),
    onExchange: () => {
      record.keptRecordsRequests += 1;
    },
    refuse: (_kind, message) => {
      throw new RunStopped(message.replace(/^blocked: /, ''));
    },
  });
  const notSent = (request: string, purpose: string, err: unknown) => {
    const why = err instanceof RunStopped ? err.reason : err instanceof Error ? err.message : String(err);
    before.pace.notSend({ request, purpose, why });
  };
  try {
    return await run.spec.auditKeptRecords(api, target.fixtures, kept, target.readOnly, notSent);
  } catch (err) {
    notSent('the read of every kept record', 'comparing your kept records with the fixtures check', err);
    return [];
  }
}
