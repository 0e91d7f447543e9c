import type { OperationIndex } from '../operations/operation-index.js';
import type { Exchange } from '../http/exchange.js';
import { createdBy } from './created.js';
import { appendLedger, type CreatedEntry, type LedgerAuth, type LedgerType } from './ledger.js';
import { runRecordsOf } from './provenance.js';
import type { Fixtures } from '../spec/register.js';
import { shortBare, shortText } from '../util/short-text.js';
import { isUuid } from '../http/under-base.js';
import { archiveAuth, MaybeCreated } from './maybe-created.js';

/** Answers of creates judged not to name a record of the run's own (lib/safety/provenance.ts), and why. */
const notOwnAnswers = new WeakMap<Exchange, string>();

/** Why this create's answer names a record that is not the run's own; undefined when it is (or was not judged). */
export function notOwnAnswer(ex: Exchange): string | undefined {
  return notOwnAnswers.get(ex);
}

export interface TrackerOptions {
  runId: string;
  /** the API's operations: what a create made, and how it is archived */
  operations: OperationIndex;
  rule: string;
  /** the cleanup ledger; undefined: nothing is written (tests, `serve`) */
  ledgerFile?: string;
  /** a ledger write failed, or a create answered a record that is not new: say so (the check goes on) */
  warn: (text: string) => void;
  /**
   * the run's fixtures: a create answering a record they name, or one the run already made, or one
   * older than the run, is not the run's own (lib/safety/provenance.ts). Without them, not judged.
   */
  fixtures?: Fixtures;
  /**
   * a record another context of the run made (a run-scoped set-up's, which checks share): an answer of
   * this context naming it (an upsert on its match value) is not this context's to record or archive
   */
  madeElsewhere?: (id: string) => boolean;
  /** each record this context records (a set-up's, so that the checks know it as made elsewhere) */
  onRecorded?: (id: string) => void;
  /**
   * the run's ids that go into no path, shared by every context of the run (a check may send a path
   * built from a set-up's create answer); without it, this context's own
   */
  unusable?: Map<string, string>;
}

/** A key that must not create anything, by name: a 2xx create sent with it was the server's mistake. */
function wronglyCreatedWith(auth: unknown): CreatedEntry['wronglyCreatedWith'] {
  if (auth === 'readOnlyApiKey' || auth === 'none') return auth;
  return typeof auth === 'object' && auth !== null ? 'invalid key' : undefined;
}

/**
 * The records one check created. Every exchange of the check passes through `observe`: a 2xx POST
 * that created something is recorded (in the ledger, at once) whoever sent it (a step or the check
 * itself), and a 2xx DELETE of a recorded archive path marks it archived. At the end of the check,
 * `pending()` is what is still to archive: the check's context DELETEs each (see lib/check/context.ts).
 */
export class CreatedRecords {
  private readonly entries: CreatedEntry[] = [];
  private readonly keys = new Set<string>();
  private readonly ids = new Set<string>();
  private readonly paths = new Set<string>();
  private readonly archived = new Set<string>();
  /** ids a create answered with that go into no path: not a uuid, or not the run's own; and why */
  private readonly unusable: Map<string, string>;
  /** ids a create of this context answered that a shared set-up made: no path of this context names one */
  private readonly notMine = new Map<string, string>();
  /** the POSTs that may have made a record nobody can name: unanswered, answered 5xx, or answered 429 and sent again */
  private readonly maybe: MaybeCreated;

  constructor(private readonly o: TrackerOptions) {
    this.unusable = o.unusable ?? new Map<string, string>();
    this.maybe = new MaybeCreated(
      o.runId,
      o.operations,
      (r) => this.add(r),
      (line) => this.write(line),
    );
  }

  /** Called with each finished exchange of the check (`path` relative to the base URL, as requested). */
  observe(ex: Exchange, path: string, auth: unknown): void {
    if (this.maybe.observe(ex, path, auth)) return;
    const status = ex.response?.status;
    if (status === undefined || status < 200 || status > 299) return;
    const method = ex.request.method.toUpperCase();
    const bare = path.split(/[?#]/)[0] ?? path;
    if (method === 'DELETE') {
      if (this.paths.has(bare)) this.markArchived(bare, status);
      return;
    }
    const made = createdBy(method, path, ex.response, ex.request.body, this.o.operations);
    if (!made || this.madeElsewhere(ex, made)) return;
    const tagged = made.type === 'edge' ? undefined : (ex.request.body ?? '').includes(this.o.runId);
    let archivePath = made.path;
    let note: string | undefined = made.note;
    const notOwn =
      made.type === 'edge' || this.o.fixtures === undefined
        ? undefined
        : runRecordsOf(this.o.runId, this.o.fixtures).judge(made.id, ex.response!, made);
    const bad = made.type === 'edge' ? undefined : !isUuid(made.id) ? 'an id that is not a uuid' : undefined;
    if (bad !== undefined) this.unusable.set(made.id, `${bad}, ${shortText(made.id)}`);
    if (notOwn !== undefined) {
      this.unusable.set(made.id, `a record that is not new, so not the run's own (${notOwn})`);
      notOwnAnswers.set(ex, notOwn);
      note = `not the run's own, so never archived: the server answered a create with a record that is not new (${notOwn})`;
      archivePath = null;
      this.o.warn(`${ex.request.method.toUpperCase()} ${bare}: ${note}`);
    }
    if (made.upsert && tagged !== true && archivePath !== null && !this.ids.has(made.id)) {
      // an upsert on a match value that is not this run's may have matched a record of someone else
      note =
        'an upsert whose match value does not carry the run id: it may have matched a pre-existing record, so it is not archived';
      archivePath = null;
    }
    if (made.type === 'edge' && archivePath !== null && made.ends && !made.ends.some((end) => this.ids.has(end))) {
      note = 'an edge between records this check did not create (it may have existed before): not removed';
      archivePath = null;
    }
    const wrongly = wronglyCreatedWith(auth);
    this.maybe.lookedUp(ex, bare, auth, made, tagged);
    this.add({
      id: made.id,
      type: made.type,
      path: archivePath,
      auth: archiveAuth(auth),
      ...(tagged !== undefined ? { tagged } : {}),
      ...(note ? { note } : {}),
      ...(wrongly ? { wronglyCreatedWith: wrongly } : {}),
      ...(notOwn !== undefined ? { notOwn: true as const } : {}),
    });
  }

  /** Records a created record (once per type and id) and appends it to the ledger. */
  add(r: {
    id: string;
    type: LedgerType;
    path: string | null;
    auth: LedgerAuth;
    tagged?: boolean;
    note?: string;
    maybeCreated?: true;
    wronglyCreatedWith?: CreatedEntry['wronglyCreatedWith'];
    notOwn?: true;
  }): void {
    const key = `${r.type}\u0000${r.id}`;
    if (this.keys.has(key)) return;
    this.keys.add(key);
    // a record that is not the run's own is no end of an edge the check may remove
    if (r.notOwn === undefined) this.ids.add(r.id);
    this.o.onRecorded?.(r.id);
    const entry: CreatedEntry = {
      // an id the server gave goes into the ledger cut (a 4 MiB id would be 4 MiB a line, and a report)
      id: shortBare(r.id),
      type: r.type,
      path: r.path,
      runId: this.o.runId,
      createdAt: new Date().toISOString(),
      auth: r.auth,
      rule: this.o.rule,
      ...(r.tagged !== undefined ? { tagged: r.tagged } : {}),
      ...(r.note ? { note: r.note } : {}),
      ...(r.maybeCreated ? { maybeCreated: true as const } : {}),
      ...(r.wronglyCreatedWith ? { wronglyCreatedWith: r.wronglyCreatedWith } : {}),
      ...(r.notOwn ? { notOwn: true as const } : {}),
    };
    this.entries.push(entry);
    if (r.path !== null) this.paths.add(r.path);
    this.write(entry);
  }

  /** A DELETE of this archive path answered 2xx (or 404 in the final sweep: already gone). */
  markArchived(path: string, status: number): void {
    if (this.archived.has(path)) return;
    this.archived.add(path);
    const e = this.entries.find((x) => x.path === path);
    if (e)
      this.write({ archived: path, id: e.id, runId: this.o.runId, at: new Date().toISOString(), status, by: 'check' });
  }

  /**
   * Why a path must not be sent: one of its segments is an id a create of the run answered with that
   * is not a uuid, or names a record that is not the run's own. The client refuses it
   * (ClientSettings.pathGuard): a server's value is data until proven an identifier.
   */
  unusableIdIn(path: string): string | undefined {
    if (this.unusable.size === 0) return undefined;
    for (const s of (path.split(/[?#]/)[0] ?? path).split('/')) {
      let segment = s;
      try {
        segment = decodeURIComponent(s);
      } catch {
        /* as sent */
      }
      const why = this.unusable.get(segment) ?? this.unusable.get(s) ?? this.notMine.get(segment);
      if (why !== undefined) return `it names what the server answered a create with: ${why}`;
    }
    return undefined;
  }

  /**
   * Whether a create of this context answered with a record a shared set-up of the run made. An upsert
   * of the shared record's match value answers that record: the set-up's, not this context's. Any other
   * create answered with it answered a record that is not new: not this check's to use or archive.
   */
  private madeElsewhere(ex: Exchange, made: { id: string; upsert?: boolean }): boolean {
    if (this.o.madeElsewhere?.(made.id) !== true) return false;
    if (made.upsert !== true) this.answeredElsewhere(ex, made.id);
    return true;
  }

  /** A create of this context answered with a record a shared set-up of the run made: not new, not this check's. */
  private answeredElsewhere(ex: Exchange, id: string): void {
    const why = 'a record a shared set-up of this run made, so not new';
    this.notMine.set(id, `a record that is not new (${why})`);
    notOwnAnswers.set(ex, why);
    this.o.warn(
      `${ex.request.method.toUpperCase()}: the server answered a create with ${why}: not archived by this check`,
    );
  }

  /** Is this request the archive of a record the check created (never refused by --read-only or --max-requests)? */
  isArchiveOfOwn(method: string, path: string): boolean {
    return method.toUpperCase() === 'DELETE' && this.paths.has(path.split(/[?#]/)[0] ?? path);
  }

  /** Records with an archive path not yet archived, newest first (edges before the records they join). */
  pending(): CreatedEntry[] {
    return this.entries.filter((e) => e.path !== null && !this.archived.has(e.path)).reverse();
  }

  all(): readonly CreatedEntry[] {
    return this.entries;
  }

  /** Records of the check that were archived (by the check itself, or by its cleanup). */
  archivedEntries(): CreatedEntry[] {
    return this.entries.filter((e) => e.path !== null && this.archived.has(e.path));
  }

  private write(line: Parameters<typeof appendLedger>[1]): void {
    if (this.o.ledgerFile === undefined) return;
    try {
      appendLedger(this.o.ledgerFile, line);
    } catch (err) {
      this.o.warn(
        `could not append to the cleanup ledger ${this.o.ledgerFile}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
}
