import type { OperationIndex } from '../operations/operation-index.js';
import type { Exchange } from '../http/exchange.js';
import { typeOfCreate } from './created.js';
import type { LedgerAuth, LedgerLine, LedgerType } from './ledger.js';

/** The key a record is archived with: organization B's records with B's key, everything else with A's. */
export function archiveAuth(auth: unknown): LedgerAuth {
  return auth === 'otherOrgApiKey' ? 'otherOrgApiKey' : 'apiKey';
}

/** A maybeCreated line, as the check's records add it to the ledger. */
export interface MaybeEntry {
  id: string;
  type: LedgerType;
  path: null;
  auth: LedgerAuth;
  tagged: boolean;
  maybeCreated: true;
  note: string;
}

/**
 * The POSTs of a check that may have created a record nobody can name: one that got no answer, one
 * answered 5xx, and one answered 429 and sent again (the POST-after-429 ledger line). Each is a
 * maybeCreated line of the ledger with the run id that finds it; a lookup the API allows (the same
 * upsert or edge sent again) settles the line of a 429.
 */
export class MaybeCreated {
  private unansweredCount = 0;
  /** POSTs answered 429 (sent again), by what they sent: the maybeCreated line a lookup may settle */
  private readonly limited = new Map<string, string>();
  private limitedCount = 0;
  private serverErrorCount = 0;

  constructor(
    private readonly runId: string,
    private readonly operations: OperationIndex,
    private readonly add: (r: MaybeEntry) => void,
    private readonly write: (line: LedgerLine) => void,
  ) {}

  /** A POST whose answer leaves open whether it made a record goes into the ledger as such; true when it did. */
  observe(ex: Exchange, path: string, auth: unknown): boolean {
    if (ex.request.method.toUpperCase() !== 'POST') return false;
    const status = ex.response?.status;
    if (status === undefined) this.unanswered(ex, path, auth);
    else if (status === 429) this.limitedPost(ex, path, auth);
    else if (status >= 500) this.serverError(ex, path, auth);
    else return false;
    return true;
  }

  /**
   * A POST that got no answer may have created a record (a server can process it and close the
   * connection before answering; the client never sends it again): the ledger says so, with the
   * run id that finds it.
   */
  unanswered(ex: Exchange, path: string, auth: unknown): void {
    const bare = path.split(/[?#]/)[0] ?? path;
    const tagged = (ex.request.body ?? '').includes(this.runId);
    this.unansweredCount += 1;
    const find = tagged ? `find it by the run id ${this.runId}` : 'its body did not carry the run id';
    this.add({
      id: `unanswered POST ${bare} #${this.unansweredCount}`,
      type: typeOfCreate(bare, this.operations),
      path: null,
      auth: archiveAuth(auth),
      tagged,
      maybeCreated: true,
      note: `may have been created: the POST got no answer (${ex.transportError ?? 'no response'}); ${find}`,
    });
  }

  /**
   * A POST answered 5xx (issue 38): the server failed, but may have made the record before it did (a
   * 503 after the write, a proxy's 502 while the server went on): the ledger says so, with the run id
   * that finds it. The run does not send it again (a write is never re-sent).
   */
  serverError(ex: Exchange, path: string, auth: unknown): void {
    const bare = path.split(/[?#]/)[0] ?? path;
    const tagged = (ex.request.body ?? '').includes(this.runId);
    this.serverErrorCount += 1;
    const status = ex.response?.status ?? 500;
    const find = tagged ? `find it by the run id ${this.runId}` : 'its body did not carry the run id';
    this.add({
      id: `POST ${bare} answered ${status} #${this.serverErrorCount}`,
      type: typeOfCreate(bare, this.operations),
      path: null,
      auth: archiveAuth(auth),
      tagged,
      maybeCreated: true,
      note: `may have been created: the POST was answered ${status} (a server error; the server may have made the record before it failed); ${find}`,
    });
  }

  /**
   * A POST answered 429. The spec says a 429 is not processed, and the client sends it again; a server
   * may have processed it all the same, so this send is in the ledger too, as maybe created, with the
   * run id that finds it (until a lookup settles it).
   */
  limitedPost(ex: Exchange, path: string, auth: unknown): void {
    const bare = path.split(/[?#]/)[0] ?? path;
    const tagged = (ex.request.body ?? '').includes(this.runId);
    this.limitedCount += 1;
    const id = `POST ${bare} answered 429 #${this.limitedCount}`;
    const find = tagged ? `find it by the run id ${this.runId}` : 'its body did not carry the run id';
    this.limited.set(sendKey(bare, ex.request.body, auth), id);
    this.add({
      id,
      type: typeOfCreate(bare, this.operations),
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
  lookedUp(
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
      runId: this.runId,
      at: new Date().toISOString(),
      as: made.id,
      how:
        made.type === 'edge'
          ? 'the same POST sent again made this edge between the same two records: the first send made no other'
          : 'the upsert sent again on the same run-tagged match value answered this record: the first send made no other',
    });
  }
}

/** A send's identity: what a POST sent again after a 429 sends once more. */
function sendKey(bare: string, body: string | undefined, auth: unknown): string {
  return JSON.stringify([bare, body ?? '', typeof auth === 'string' ? auth : 'raw']);
}
