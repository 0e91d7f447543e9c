import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { OperationIndex } from '../operations/operation-index.js';
import { escapeInvisible } from '../util/invisible.js';

/**
 * The cleanup ledger: `<report-dir>/ledger.jsonl`, one JSON object a line, appended from the run
 * as each record is created (so a run that is killed still leaves its ledger behind) and as each is
 * archived. `npx conformance cleanup --ledger FILE` archives what the ledger shows created with an
 * archive path and not archived. Lines carry the run id: a report folder reused by several runs keeps
 * one ledger for all of them. No line carries a key: `auth` names which key made the record.
 */

/** What kind of record: a record type of the operation table (a custom object's api_name among them), or `edge`. */
export type LedgerType = string;

/** Which key of the run made the record (the key that archives it): a name, never a value. */
export type LedgerAuth = 'apiKey' | 'otherOrgApiKey';

/** A record the run created. */
export interface CreatedEntry {
  /** the record id; for an edge, `{parent kind}/{parent id}/relationship/{api_name}/{target id}` */
  id: string;
  type: LedgerType;
  /** the path (under the base URL) whose DELETE archives or removes it; null when the API states none */
  path: string | null;
  runId: string;
  createdAt: string;
  auth: LedgerAuth;
  /** who created it: the check's rule id, `fixtures check`, or `set-up: <name>` for a record checks share */
  rule?: string;
  /** whether the create request carried the run id (edges carry no attributes: absent) */
  tagged?: boolean;
  /**
   * why a record with a DELETE is nevertheless not archived (e.g. an upsert that may have matched a record of someone
   * else)
   */
  note?: string;
  /**
   * A POST that got no answer, one answered 5xx, or one answered 429 and sent again: the server may
   * have created the record, or not (a 429 says it did not; a server may say so and have done it). Its id is unknown
   * (`id` names the request), so it is found by the run id it carried; `cleanup` and the report list
   * it, unless a later `settled` line says where it is.
   */
  maybeCreated?: true;
  /**
   * A record the server made on a request that must not create anything: sent with the read-only
   * key (`readOnlyApiKey`), no key (`none`) or an invalid key (`invalid key`). Archived with `auth`.
   */
  wronglyCreatedWith?: 'readOnlyApiKey' | 'none' | 'invalid key';
  /**
   * The create's answer named a record that is not new (another run's tag, an id the fixtures name
   * or the run already made, a `created_at` before the run: lib/safety/provenance.ts): it is not the
   * run's own, so it is never archived and is no leftover of the run. `note` says why.
   */
  notOwn?: true;
}

/** A record of the ledger that was archived (by its check, its cleanup, or `npx conformance cleanup`). */
export interface ArchivedEntry {
  /** the archive path that was DELETEd */
  archived: string;
  id: string;
  runId: string;
  at: string;
  /** the DELETE's answer: a 2xx status, or 404 when it was already gone */
  status: number;
  by: 'check' | 'cleanup';
}

/**
 * A `maybeCreated` line looked up: the POST sent again after a 429 named a record that holds the first
 * send's run-tagged match value (an upsert) or the same two ends (an edge), so the first send made no
 * record of its own.
 */
export interface SettledEntry {
  /** the `id` of the maybeCreated line */
  settled: string;
  runId: string;
  at: string;
  /** the record the lookup found (the one the retry answered) */
  as: string;
  how: string;
}

export type LedgerLine = CreatedEntry | ArchivedEntry | SettledEntry;

export function isCreated(line: LedgerLine): line is CreatedEntry {
  return typeof (line as CreatedEntry).type === 'string' && !('archived' in line);
}

export function isArchived(line: LedgerLine): line is ArchivedEntry {
  return typeof (line as ArchivedEntry).archived === 'string';
}

export function isSettled(line: LedgerLine): line is SettledEntry {
  return typeof (line as SettledEntry).settled === 'string';
}

/** The created lines, less the maybeCreated ones a lookup settled (`settled` lines). */
export function unsettled(lines: readonly LedgerLine[]): CreatedEntry[] {
  const settled = new Set(lines.filter(isSettled).map((l) => `${l.runId}\u0000${l.settled}`));
  return lines.filter(isCreated).filter((l) => !(l.maybeCreated && settled.has(`${l.runId}\u0000${l.id}`)));
}

/** Appends one line (synchronously, so it is on disk before the next request goes out). */
export function appendLedger(file: string, line: LedgerLine): void {
  // a server's bidi override or zero-width character in an id shows as its JSON escape, the same data
  appendFileSync(file, escapeInvisible(JSON.stringify(line)) + '\n');
}

/** The lines of a ledger file; a missing file is an empty ledger; a torn last line (a killed writer) is ignored. */
export function readLedger(file: string): LedgerLine[] {
  if (!existsSync(file)) return [];
  const out: LedgerLine[] = [];
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (text.trim() === '') continue;
    try {
      const v = JSON.parse(text) as unknown;
      const line = v as LedgerLine;
      if (v && typeof v === 'object' && (isCreated(line) || isArchived(line) || isSettled(line)))
        out.push(v as LedgerLine);
    } catch {
      /* a partial line: skipped */
    }
  }
  return out;
}

/** A record the run made and the API gives no way to archive: listed in the report's `leftovers`. */
export interface Leftover {
  id: string;
  type: LedgerType;
  runId: string;
  createdAt: string;
  /** why it stays */
  reason: string;
}

/** Why no request archives what a create of this type made: the operation table's word for it. */
function noArchiveReason(type: string, operations: OperationIndex): string | undefined {
  for (const op of operations.all) {
    const c = op.creates;
    if (c === null || !('none' in c.archive)) continue;
    if ((c.what === 'edge' && type === 'edge') || (c.what !== 'edge' && 'type' in c.what && c.what.type === type))
      return c.archive.none;
  }
  return undefined;
}

/**
 * The created records (of the given lines) the API gives no way to archive: contacts,
 * opportunities, contact relationship edges, records kept on purpose (`note`), and POSTs that may
 * have created one no lookup settled. One entry per record, in creation order. Archived lines and
 * records with an archive path are not leftovers.
 */
const WRONG_KEY = { readOnlyApiKey: 'the read-only key', none: 'no key', 'invalid key': 'an invalid key' } as const;

export function leftovers(entries: readonly LedgerLine[], operations: OperationIndex): Leftover[] {
  const seen = new Set<string>();
  const out: Leftover[] = [];
  for (const e of unsettled(entries)) {
    if (e.path !== null || e.notOwn === true) continue;
    const key = `${e.type}\u0000${e.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const why = e.note ?? noArchiveReason(e.type, operations) ?? 'the API states no way to archive it';
    const wrongly = e.wronglyCreatedWith
      ? `; the server created it on a request with ${WRONG_KEY[e.wronglyCreatedWith]}, which must not create`
      : '';
    out.push({ id: e.id, type: e.type, runId: e.runId, createdAt: e.createdAt, reason: `${why}${wrongly}` });
  }
  return out;
}

/** What is still to archive: created entries with a path that no archived line covers (first entry per path). */
export function pendingArchives(lines: readonly LedgerLine[]): CreatedEntry[] {
  const done = new Set(lines.filter(isArchived).map((a) => a.archived));
  const seen = new Set<string>();
  const out: CreatedEntry[] = [];
  for (const e of lines) {
    if (!isCreated(e) || e.path === null || done.has(e.path) || seen.has(e.path)) continue;
    seen.add(e.path);
    out.push(e);
  }
  return out;
}
