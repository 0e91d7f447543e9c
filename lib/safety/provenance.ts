import type { ExchangeResponse } from '../http/exchange.js';
import { isUuid } from '../http/under-base.js';
import { instantMs } from '../util/instant.js';
import type { Fixtures } from '../spec/register.js';
import { shortText } from '../util/short-text.js';

/** What the create's answer said it made, as far as provenance needs it. */
export interface MadeRecord {
  /** an upsert: it may reach the run's own record again */
  upsert?: boolean;
  /** its creation time as the answer writes it */
  createdAt?: string;
}

/**
 * What the run made is judged from the answer, not the request. A server may answer a create with
 * a record that already existed (a de-duplicating server, a hostile one): archiving that record
 * would archive something the user never named. So a 2xx create's record is the run's own only when
 * proven, and a record that is not proven is never archived (issue 38: a missing `Date` header, or any
 * missing input, means "not proven", never "new"). It is not the run's own when:
 *
 * - its id is one the fixtures file names, or (a create other than an upsert) one the run has
 *   already seen made;
 * - its attributes carry another run's tag (`[cr-…]` of a run that is not this one);
 * - its `created_at` is before the run started, read on the server's own clock (its `Date` header,
 *   so a server whose clock is off is not taken for one answering with old records).
 *
 * And it is proven the run's own only by one of:
 *
 * - its answer reads back this run's tag (every record the run creates carries it in a string
 *   attribute, fixtures/builders/tag.ts), its id first seen in this run's create answer;
 * - its `created_at` after the run started on the server's clock, when the answer gives both.
 *
 * Such a record is never archived (no DELETE naming it is sent), its ledger line says why
 * (`notOwn`), and a step that needed it is blocked, saying so.
 */
export class RunRecords {
  private readonly made = new Set<string>();
  private readonly notOwn = new Map<string, string>();
  private readonly startedMs: number;

  constructor(
    private readonly runId: string,
    private readonly fixtureIds: ReadonlySet<string>,
  ) {
    this.startedMs = runStartMs(runId);
  }

  /** Why a 2xx create's answer does not name a new record of this run; undefined when it does. */
  judge(id: string, res: ExchangeResponse, o: MadeRecord): string | undefined {
    const known = this.notOwn.get(id);
    if (known !== undefined) return known;
    const reason = this.reason(id, res, o);
    if (reason !== undefined) this.notOwn.set(id, reason);
    else this.made.add(id);
    return reason;
  }

  /** Why the record with this id is not the run's own, when the run judged it so. */
  notOwnReason(id: string): string | undefined {
    return this.notOwn.get(id);
  }

  private reason(id: string, res: ExchangeResponse, o: MadeRecord): string | undefined {
    if (this.fixtureIds.has(id.toLowerCase())) return `its id ${shortText(id)} is a record the fixtures file names`;
    // an upsert of the run's own match value reaches the run's own record again: that is no news
    if (o.upsert !== true && this.made.has(id)) return `its id ${shortText(id)} is a record this run had already made`;
    const other = otherRunTag(res.text, this.runId);
    if (other !== undefined) return `it carries the tag of another run, ${shortText(other)}`;
    const createdAt = o.createdAt !== undefined ? instantMs(o.createdAt) : Number.NaN;
    const serverNow = Date.parse(res.headers['date'] ?? '');
    const timed = Number.isFinite(createdAt) && Number.isFinite(serverNow) && Number.isFinite(this.startedMs);
    // the run's start on the server's clock (to the second its Date header gives), less a minute of slack
    const started = this.startedMs + (serverNow - Date.now()) - 60_000;
    if (timed && createdAt < started)
      return `its created_at ${shortText(o.createdAt!)} is before this run started (${new Date(started + 60_000).toISOString()} on the server's clock)`;
    if (readsBack(res, this.runId) || timed) return undefined;
    return `it is not proven the run's: its answer does not read back this run's tag, and ${missing(o, res)}`;
  }
}

/** Whether the answer carries the run's tag, as the record the run asked for would. */
function readsBack(res: ExchangeResponse, runId: string): boolean {
  if (res.text.includes(runId)) return true;
  return res.json !== undefined && JSON.stringify(res.json).includes(runId);
}

/** What the answer lacks to date its record against the run's start. */
function missing(o: MadeRecord, res: ExchangeResponse): string {
  const lacks = [
    o.createdAt === undefined || !Number.isFinite(instantMs(o.createdAt)) ? 'no created_at' : '',
    !Number.isFinite(Date.parse(res.headers['date'] ?? '')) ? 'no Date header' : '',
  ].filter((x) => x !== '');
  return lacks.length > 0 ? `it has ${lacks.join(' and ')} to date it by` : 'nothing else dates it';
}

const TAG = /cr-\d{8}-\d{4}-[0-9a-f]{6}/g;

/** A run id other than `runId` in the answer (the tag every record of a run carries), or undefined. */
function otherRunTag(text: string, runId: string): string | undefined {
  for (const m of text.matchAll(TAG)) if (m[0] !== runId) return m[0];
  return undefined;
}

/** The minute a run id names (cr-YYYYMMDD-HHMM-…): the run started within it. NaN for another form. */
function runStartMs(runId: string): number {
  const m = /^cr-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})-/.exec(runId);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
}

/** Every uuid the fixtures file holds, at any depth. */
function uuidsOf(v: unknown, out: Set<string>, depth = 0): Set<string> {
  if (depth > 8) return out;
  if (isUuid(v)) out.add(v.toLowerCase());
  else if (Array.isArray(v)) for (const x of v) uuidsOf(x, out, depth + 1);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) uuidsOf(x, out, depth + 1);
  return out;
}

/** Runs of this process, by run id: every check of a run shares one (the last few runs are kept). */
const runs = new Map<string, RunRecords>();
const KEPT_RUNS = 16;

/** The records of the run `runId`, made on first use. */
export function runRecordsOf(runId: string, fixtures: Fixtures): RunRecords {
  let r = runs.get(runId);
  if (!r) {
    r = new RunRecords(runId, uuidsOf(fixtures, new Set()));
    runs.set(runId, r);
    for (const old of runs.keys()) if (runs.size > KEPT_RUNS) runs.delete(old);
  }
  return r;
}
