import type { Context } from '../context.js';
import type { StoredRecord } from '../model.js';
import { renderRecord } from '../render.js';
import type { Reply, RequestInfo, ResponseMapper } from '../respond.js';
import type { Handler } from '../router.js';
import type { RequestHook, ServerState } from '../server.js';
import { customObjectOf } from '../attributes/index.js';
import { otherOrganizationOwnType } from '../other-organization.js';

/**
 * The small tools fault files use to bend one rule each: response mappers (the server's
 * answers), request hooks (what it sees), route wrappers (what a handler does), and flags for
 * the few deviations only a handler can make (`state.faults`, read by a one-line hook there).
 */

export type Json = Record<string, unknown>;

export interface TypedValue {
  value: unknown;
  value_type: string;
}

export function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `apply` of a fault that is a flag read by a hook inside a handler. */
export function flag(id: string): (state: ServerState) => void {
  return (state) => {
    state.faults.add(id);
  };
}

export function mapReplies(state: ServerState, fn: ResponseMapper): void {
  state.responseMappers.push(fn);
}

export function onRequest(state: ServerState, hook: RequestHook): void {
  state.requestHooks.push(hook);
}

/** Whether a request's path (below the base path) matches, e.g. /^\/contact\/[^/]+$/. */
export function on(request: RequestInfo, method: string, path: RegExp): boolean {
  return request.method === method && path.test(request.path);
}

/**
 * Replace the handler of the routes with this method and pattern (as in routes/*.ts) by a
 * wrapper. Route objects are shared between servers, so the wrapped route is a copy.
 */
export function wrapRoute(
  state: ServerState,
  method: string,
  pattern: string,
  wrap: (inner: Handler) => Handler,
): void {
  let found = false;
  state.routes = state.routes.map((r) => {
    if (r.method !== method || r.pattern !== pattern) return r;
    found = true;
    return { ...r, handler: wrap(r.handler) };
  });
  if (!found) throw new Error(`fault: no route ${method} ${pattern}`);
}

/** The record of a `{ data: record }` body (single reads and writes, upsert), if any. */
export function recordOfBody(body: unknown): Json | undefined {
  if (!isObj(body)) return undefined;
  const data = body['data'];
  return isObj(data) && isObj(data['attributes']) && typeof data['record_type'] === 'string' ? data : undefined;
}

/** A mapper that edits (a copy of) every rendered record the server answers with. */
export function mapRecords(state: ServerState, fn: (record: Json, request: RequestInfo) => void): void {
  mapReplies(state, (reply, request) => {
    if (!recordOfBody(reply.body)) return reply;
    const body = structuredClone(reply.body);
    const record = recordOfBody(body);
    if (record) fn(record, request);
    return { ...reply, body };
  });
}

/** A mapper that edits every typed value of every rendered record (each item of multi-valued ones). */
export function mapTypedValues(state: ServerState, fn: (tv: TypedValue, name: string, record: Json) => void): void {
  mapRecords(state, (record) => {
    for (const [name, v] of Object.entries(record['attributes'] as Json)) {
      for (const tv of Array.isArray(v) ? v : [v]) {
        if (isObj(tv) && typeof tv['value_type'] === 'string') fn(tv as unknown as TypedValue, name, record);
      }
    }
  });
}

/** The error body of an error reply, as JSON. */
export interface ErrorJson extends Json {
  status_code: number;
  code: string;
  message: string;
  details: Json | null;
}

/**
 * A mapper over error replies: `fn` gets a copy of the error body and returns the new reply,
 * or undefined to leave the reply as it was.
 */
export function mapErrors(
  state: ServerState,
  fn: (error: ErrorJson, reply: Reply, request: RequestInfo) => Reply | undefined,
): void {
  mapReplies(state, (reply, request) => {
    if (reply.status < 400 || !isObj(reply.body) || typeof reply.body['code'] !== 'string') return reply;
    return fn(structuredClone(reply.body) as ErrorJson, reply, request) ?? reply;
  });
}

/**
 * `apply` of a fault where the refusals `refused` picks crash the server instead: 500, the error body's
 * shape kept, the crash's own `message` (what an unguarded parser or database would say), no details.
 */
export function crashesOn(
  message: string,
  refused: (error: ErrorJson, request: RequestInfo) => boolean,
): (state: ServerState) => void {
  return (state) => {
    mapErrors(state, (error, reply, request) => {
      if (!refused(error, request)) return undefined;
      const body = { ...error, status_code: 500, code: 'write_not_supported', message, details: null };
      return { ...reply, status: 500, body };
    });
  };
}

/** The body's `attributes` object of a write, if any. */
export function bodyAttributes(ctx: Context): Json | undefined {
  const a = ctx.body?.['attributes'];
  return isObj(a) ? a : undefined;
}

/** The context with a replaced `attributes` object in its body. */
export function withAttributes(ctx: Context, attributes: Json): Context {
  return { ...ctx, body: { ...(ctx.body ?? {}), attributes } };
}

/** The stored record a `{ data: record }` reply names, in the caller's org. */
export function storedOf(ctx: Context, reply: Reply): StoredRecord | undefined {
  const id = recordOfBody(reply.body)?.['id'];
  return typeof id === 'string' ? ctx.store.find(ctx.org.id, id) : undefined;
}

/** The reply with its `{ data: record }` rendered again from the store (after a wrapper's change). */
export function rerender(ctx: Context, reply: Reply, record: StoredRecord): Reply {
  if (!recordOfBody(reply.body)) return reply;
  return { ...reply, body: { ...(reply.body as Json), data: renderRecord(record, ctx) } };
}

export interface Snapshot {
  attrs: Record<string, unknown>;
  updatedAt: number;
}

export function snapshot(record: StoredRecord): Snapshot {
  return { attrs: structuredClone(record.attrs), updatedAt: record.updatedAt };
}

export function restore(record: StoredRecord, snap: Snapshot): void {
  record.attrs = structuredClone(snap.attrs);
  record.updatedAt = snap.updatedAt;
}

/**
 * A handler that looks the record up in every organization: when the caller's org has no such
 * record but another has, the inner handler runs as that organization (an isolation leak).
 */
export function acrossOrganizations(inner: Handler, type: (ctx: Context) => string, idParam: string): Handler {
  return (ctx) => {
    const id = ctx.params[idParam];
    if (id !== undefined && !ctx.store.get(ctx.org.id, type(ctx), id)) {
      for (const org of ctx.store.orgs.values()) {
        if (ctx.store.get(org.id, type(ctx), id)) return inner({ ...ctx, org });
      }
    }
    return inner(ctx);
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The routes whose body is `{ attributes }` (upsert: plus `match`), as routes/*.ts write them. */
export const ATTRIBUTE_WRITES: ReadonlyArray<readonly [method: string, pattern: string]> = [
  ['POST', '/contact'],
  ['PATCH', '/contact/:contact_id'],
  ['POST', '/account'],
  ['POST', '/opportunity'],
  ['PATCH', '/task/:task_id'],
  ['POST', '/:custom_object_api_name/_upsert'],
  ['PATCH', '/:custom_object_api_name/:record_id'],
];

/** Wrap every attribute write. */
export function wrapWrites(state: ServerState, wrap: (inner: Handler) => Handler): void {
  for (const [method, pattern] of ATTRIBUTE_WRITES) wrapRoute(state, method, pattern, wrap);
}

/** Wrap every attribute write with a rewrite of its `attributes` (a copy; undefined keeps it). */
export function rewriteAttributes(state: ServerState, fn: (attributes: Json, ctx: Context) => Json | undefined): void {
  wrapWrites(state, (inner) => (ctx) => {
    const attributes = bodyAttributes(ctx);
    const changed = attributes ? fn({ ...attributes }, ctx) : undefined;
    return inner(changed ? withAttributes(ctx, changed) : ctx);
  });
}

/** The error reply under another code, `details.code` kept equal (one broken rule, not two). */
export function recoded(error: ErrorJson, reply: Reply, code: string): Reply {
  const details = isObj(error.details) ? { ...error.details, code } : error.details;
  return { ...reply, body: { ...error, code, details } };
}

/**
 * Organization B's custom object is its own (`cus_obj__initiative`), and the custom-object route
 * `method pattern`, under a type the caller has, looks the record up by its id alone: a record of
 * another organization, of another type, is the one it acts on. Organization A's api_name is unknown to
 * organization B, so a probe naming it is refused as an unknown type either way.
 */
export function ownTypeFindsAnyRecord(state: ServerState, id: string, method: string, pattern: string): void {
  otherOrganizationOwnType(state, `fault ${id}`);
  wrapRoute(state, method, pattern, (inner) => (ctx) => {
    const recordId = ctx.params['record_id'] ?? '';
    const type = ctx.params['custom_object_api_name'] ?? '';
    if (!customObjectOf(ctx.org, type) || ctx.store.get(ctx.org.id, type, recordId)) return inner(ctx);
    const holder = [...ctx.store.orgs.values()]
      .map((o) => ({ o, r: ctx.store.find(o.id, recordId) }))
      .find(({ o, r }) => r !== undefined && customObjectOf(o, r.type) !== undefined);
    if (!holder?.r) return inner(ctx);
    return inner({ ...ctx, org: holder.o, params: { ...ctx.params, custom_object_api_name: holder.r.type } });
  });
}
