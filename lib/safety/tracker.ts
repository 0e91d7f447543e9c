import type { Exchange } from '../http/exchange.js';
import { createdBy, typeOfCreate } from './created.js';
import { appendLedger, type CreatedEntry, type LedgerAuth, type LedgerType } from './ledger.js';
import { runRecordsOf } from './provenance.js';
import type { Fixtures } from '../target/fixtures.js';
import { shortBare, shortText } from '../util/short-text.js';
import { isUuid } from '../http/under-base.js';

/** Answers of creates judged not to name a record of the run's own (lib/safety/provenance.ts), and why. */
const notOwnAnswers = new WeakMap<Exchange, string>();

/** Why this create's answer names a record that is not the run's own; undefined when it is (or was not judged). */
export function notOwnAnswer(ex: Exchange): string | undefined {
  return notOwnAnswers.get(ex);
}

export interface TrackerOptions {
  runId: string;
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
}

/** The key a record is archived with: organization B's records with B's key, everything else with A's. */
export function archiveAuth(auth: unknown): LedgerAuth {
  return auth === 'otherOrgApiKey' ? 'otherOrgApiKey' : 'apiKey';
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
  private readonly unusable = new Map<string, string>();
  private unansweredCount = 0;
  /** POSTs answered 429 (sent again), by what they sent: the maybeCreated line a lookup may settle */
  private readonly limited = new Map<string, string>();
  private limitedCount = 0;

  constructor(private readonly o: TrackerOptions) {}

  /** Called with each finished exchange of the check (`path` relative to the base URL, as requested). */
  observe(ex: Exchange, path: string, auth: unknown): void {
    if (ex.response === undefined && ex.request.method.toUpperCase() === 'POST') {
      this.unanswered(ex, path, auth);
      return;
    }
    if (ex.response?.status === 429 && ex.request.method.toUpperCase() === 'POST') {
      this.limitedPost(ex, path, auth);
      return;
    }
    const status = ex.response?.status;
    if (status === undefined || status < 200 || status > 299) return;
    const method = ex.request.method.toUpperCase();
    const bare = path.split(/[?#]/)[0] ?? path;
    if (method === 'DELETE') {
      if (this.paths.has(bare)) this.markArchived(bare, status);
      return;
    }
    const made = createdBy(method, path, ex.response, ex.request.body);
    if (!made || this.o.madeElsewhere?.(made.id)) return;
    const tagged = made.type === 'edge' ? undefined : (ex.request.body ?? '').includes(this.o.runId);
    let archivePath = made.path;
    let note: string | undefined = made.note;
    const notOwn =
      made.type === 'edge' || this.o.fixtures === undefined
        ? undefined
        : runRecordsOf(this.o.runId, this.o.fixtures).judge(made.id, ex.response!, { upsert: made.upsert === true });
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
    this.lookedUp(ex, bare, auth, made, tagged);
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

  /**
   * A POST that got no answer may have created a record (a server can process it and close the
   * connection before answering; the client never sends it again): the ledger says so, with the
   * run id that finds it.
   */
  private unanswered(ex: Exchange, path: string, auth: unknown): void {
    const bare = path.split(/[?#]/)[0] ?? path;
    const tagged = (ex.request.body ?? '').includes(this.o.runId);
    this.unansweredCount += 1;
    const find = tagged ? `find it by the run id ${this.o.runId}` : 'its body did not carry the run id';
    this.add({
      id: `unanswered POST ${bare} #${this.unansweredCount}`,
      type: typeOfCreate(bare),
      path: null,
      auth: archiveAuth(auth),
      tagged,
      maybeCreated: true,
      note: `may have been created: the POST got no answer (${ex.transportError ?? 'no response'}); ${find}`,
    });
  }

  /**
   * A POST answered 429. The spec says a 429 is not processed, and the client sends it again; a server
   * may have processed it all the same, so this send is in the ledger too, as maybe created, with the
   * run id that finds it (until a lookup settles it).
   */
  private limitedPost(ex: Exchange, path: string, auth: unknown): void {
    const bare = path.split(/[?#]/)[0] ?? path;
    const tagged = (ex.request.body ?? '').includes(this.o.runId);
    this.limitedCount += 1;
    const id = `POST ${bare} answered 429 #${this.limitedCount}`;
    const find = tagged ? `find it by the run id ${this.o.runId}` : 'its body did not carry the run id';
    this.limited.set(sendKey(bare, ex.request.body, auth), id);
    this.add({
      id,
      type: typeOfCreate(bare),
      path: null,
      auth: archiveAuth(auth),
      tagged,
      maybeCreated: true,
      note: `may have been created: the POST was answered 429 (not processed, a 429 says, but a server may have processed it all the same; the run sends it again unless it has stopped); ${find}`,
    });
  }

  /**
   * The answer to a POST sent again after a 429 is the lookup of the first send's record where the
   * API allows one: an upsert on a match value carrying the run id answers the record holding it (the
   * first send's, if it made one), and an edge is its two ends. Either settles the maybeCreated line.
   */
  private lookedUp(
    ex: Exchange,
    bare: string,
    auth: unknown,
    made: { id: string; type: string; upsert?: boolean },
    tagged: boolean | undefined,
  ): void {
    const key = sendKey(bare, ex.request.body, auth);
    const first = this.limited.get(key);
    if (first === undefined || !((made.upsert === true && tagged === true) || made.type === 'edge')) return;
    this.limited.delete(key);
    this.write({
      settled: first,
      runId: this.o.runId,
      at: new Date().toISOString(),
      as: made.id,
      how:
        made.type === 'edge'
          ? 'the same POST sent again made this edge between the same two records: the first send made no other'
          : 'the upsert sent again on the same run-tagged match value answered this record: the first send made no other',
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
   * Why a path must not be sent: one of its segments is an id a create of this check answered with
   * that is not a uuid, or names a record that is not the run's own. The client refuses it
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
      const why = this.unusable.get(segment) ?? this.unusable.get(s);
      if (why !== undefined) return `it names what the server answered a create with: ${why}`;
    }
    return undefined;
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

/** A send's identity: what a POST sent again after a 429 sends once more. */
function sendKey(bare: string, body: string | undefined, auth: unknown): string {
  return JSON.stringify([bare, body ?? '', typeof auth === 'string' ? auth : 'raw']);
}
