import type { ExchangeResponse } from '../http/exchange.js';
import { isUuid, segment } from '../http/under-base.js';
import { shortBare, shortText } from '../util/short-text.js';
import { OperationIndex, parameterNames, type OperationMatch } from '../operations/operation-index.js';
import type { ApiOperation, Creation, Made } from '../operations/api-operation.js';

/** A record a 2xx answer to a POST shows created, and the DELETE that archives or removes it. */
export interface CreatedRecord {
  id: string;
  type: string;
  /** DELETE this path to archive or remove it; null when the API states no way */
  path: string | null;
  /** for an edge: its two ends */
  ends?: [string, string];
  /** an upsert: the record may have existed before (matched); only archived when the match value is the run's */
  upsert?: boolean;
  /** why a record with a DELETE is nevertheless not archived */
  note?: string;
  /** its creation time as the answer writes it, where it does */
  createdAt?: string;
}

/**
 * A path built from an id the server gave goes into the ledger that `cleanup` replays: only a uuid
 * (spec: "Path parameters named `*_id` are uuid strings") is put into one, so a hostile id such as
 * `../../admin/users/all` never becomes a DELETE.
 */
function archivable(r: CreatedRecord, ids: readonly string[]): CreatedRecord {
  if (r.path === null || ids.every((i) => isUuid(i))) return r;
  // an explicit boolean: an inferred `i is never` predicate would type the find as undefined
  const notUuid = ids.find((i): boolean => !isUuid(i));
  const bad = shortText(notUuid ?? '');
  return {
    ...r,
    path: null,
    note: `the server gave an id that is not a uuid (${bad}): it goes into no request path, so it is not archived`,
  };
}

/**
 * The archive path of what a create made: the archiving operation's template, its parameters from
 * the create's path (as sent) and its one other parameter the new id (or the edge's target).
 */
function archivePath(
  creation: Creation,
  known: Readonly<Record<string, string>>,
  id: string,
  operations: OperationIndex,
): string | null {
  if (!('by' in creation.archive)) return null;
  const archive = operations.operation(creation.archive.by);
  if (archive === undefined) throw new Error(`${creation.archive.by}: no such operation archives a create`);
  const values: Record<string, string> = { ...known };
  for (const name of parameterNames(archive.template)) values[name] ??= id;
  return OperationIndex.fill(archive.template, values);
}

/** What one stated create made, from its path's values and its answer. */
function madeBy(
  hit: OperationMatch,
  res: ExchangeResponse,
  body: unknown,
  operations: OperationIndex,
): CreatedRecord | undefined {
  const creation = hit.operation.creates!;
  const what = creation.what;
  if (what === 'edge') {
    const t = madeIn(creation, res, body)?.id;
    if (t === undefined) return undefined;
    const path = archivePath(creation, hit.values, t, operations);
    const id = `${OperationIndex.fill(hit.operation.template, hit.values).slice(1)}/${t}`;
    const first = Object.values(hit.values)[0] ?? '';
    return archivable({ id, type: 'edge', path, ends: [first, t] }, [t]);
  }
  const type = 'type' in what ? what.type : decodeURIComponent(hit.values[what.typeParam] ?? '');
  const made = madeIn(creation, res, body);
  if (made === undefined) return undefined;
  const { id, createdAt } = made;
  const path = archivePath(creation, hit.values, id, operations);
  const upsert = creation.mayMatch ? { upsert: true } : {};
  return archivable({ id, type, path, ...upsert, ...(createdAt !== undefined ? { createdAt } : {}) }, [id]);
}

/**
 * A record on a path no stated create names, recorded by its record_type: archived only by the
 * table's archive of a create of that type, and a record_type goes into the path only when the
 * parameter it fills accepts it (a safe custom-object api_name).
 */
function madeOfType(id: string, recordType: string | undefined, operations: OperationIndex): CreatedRecord {
  for (const op of operations.all) {
    const c = op.creates;
    if (c === null || c.what === 'edge' || recordType === undefined) continue;
    if ('type' in c.what && c.what.type === recordType) {
      return archivable({ id, type: recordType, path: archivePath(c, {}, id, operations) }, [id]);
    }
    if ('typeParam' in c.what && acceptsType(op, c.what.typeParam, recordType)) {
      const known = { [c.what.typeParam]: segment(recordType) };
      return archivable({ id, type: recordType, path: archivePath(c, known, id, operations) }, [id]);
    }
  }
  return { id, type: recordType === undefined ? 'unknown' : shortBare(recordType, 128), path: null };
}

const acceptsType = (op: ApiOperation, param: string, value: string) => op.params[param]?.accepts(value) === true;

/**
 * What a POST created, judged from its path (relative to the base URL) and its 2xx answer; undefined
 * for anything else. A 2xx `{ data: { id, record_type } }` on a path no stated create names (a server
 * that accepts an odd path) is still recorded, by its record_type, so nothing the run made goes unlisted.
 */
export function createdBy(
  method: string,
  path: string,
  res: ExchangeResponse | undefined,
  requestBody: string | undefined,
  operations: OperationIndex,
): CreatedRecord | undefined {
  if (method.toUpperCase() !== 'POST' || !res || res.status < 200 || res.status > 299) return undefined;
  const bare = path.split(/[?#]/)[0] ?? path;
  let body: unknown;
  try {
    body = requestBody === undefined ? undefined : JSON.parse(requestBody);
  } catch {
    body = undefined;
  }
  const hit = operations.match('POST', bare, true);
  if (hit?.operation.creates) return madeBy(hit, res, body, operations);
  // a path no stated create names: the answer read as a stated create of a record would read it
  const reader = operations.all.find((op) => op.creates !== null && op.creates.what !== 'edge')?.creates;
  const made = reader ? madeIn(reader, res, body) : undefined;
  return made === undefined ? undefined : madeOfType(made.id, made.recordType, operations);
}

/** The type of record a POST to this path makes (`contact`, `edge`, a custom object's), for an unanswered create. */
export function typeOfCreate(bare: string, operations: OperationIndex): string {
  const hit = operations.match('POST', bare, true);
  const what = hit?.operation.creates?.what;
  if (what === 'edge') return 'edge';
  if (what !== undefined && 'type' in what) return what.type;
  if (what !== undefined) return decodeURIComponent(hit!.values[what.typeParam] ?? '');
  return decodeURIComponent(bare.split('/').filter(Boolean)[0] ?? 'unknown');
}

/** What the answer says was made: the creation's reader, and a non-empty id. */
function madeIn(creation: Creation, res: ExchangeResponse, body: unknown): Made | undefined {
  const made = creation.made(res.json, body);
  return made !== undefined && made.id !== '' ? made : undefined;
}
