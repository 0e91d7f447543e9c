import type { CheckContext } from '../check/context.js';
import type { Exchange } from '../http/exchange.js';
import { isUuid } from '../http/under-base.js';

/** A record as read from a response, loosely typed: checks assert on it, schemas validate it. */
export interface TypedValue {
  value: unknown;
  value_type: string;
}

export interface ApiRecord {
  id: string;
  created_at: string;
  updated_at: string;
  record_type: string;
  attributes: Record<string, TypedValue | TypedValue[] | undefined>;
}

/** `{ data: record }` → the record, or undefined when the body is not that shape. */
export function recordOf(body: unknown): ApiRecord | undefined {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (!data || typeof data !== 'object') return undefined;
  const r = data as Partial<ApiRecord>;
  return typeof r.id === 'string' && r.attributes && typeof r.attributes === 'object' ? (r as ApiRecord) : undefined;
}

/** The value of a single-valued attribute (undefined when absent). */
export function valueOf(record: ApiRecord, attribute: string): unknown {
  const a = record.attributes[attribute];
  return a && !Array.isArray(a) ? a.value : undefined;
}

/** The items of a multi-valued attribute. */
export function itemsOf(record: ApiRecord, attribute: string): TypedValue[] {
  const a = record.attributes[attribute];
  return Array.isArray(a) ? a : [];
}

/** Short text for an actual value in a failure message. */
export function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? 'absent' : s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/**
 * The key a record is made with, and archived with: organization A's, or organization B's
 * (`--other-org-api-key`, for the isolation checks).
 */
export type OrgKey = 'apiKey' | 'otherOrgApiKey';

/**
 * The record of a step the check depends on: a 2xx `{ data: record }` answer. Any other answer
 * blocks the check (SetupFailure naming the step), so the step's deviation is not blamed on the
 * check's own rule; `checks` names where the step itself is checked.
 */
export function setupRecord(c: CheckContext, ex: Exchange, step: string): ApiRecord {
  // a 2xx without { data: record } is a finding of record.envelope, and blocks the check on it
  const record = c.setup(ex, step).data();
  // the id goes into the paths of the requests that follow: only a uuid (spec: "Path parameters
  // named `*_id` are uuid strings"), so a server's id can never steer a request elsewhere
  if (!isUuid(record.id)) c.block(step, `HTTP ${ex.response?.status ?? '?'} with an id that is not a uuid, ${show(record.id)}`, ex);
  return record;
}

/** The record of a 2xx `{ data: record }` answer, or undefined (no answer, another status, another shape). */
export function answeredRecord(ex: Exchange | undefined): ApiRecord | undefined {
  const s = ex?.response?.status;
  return s !== undefined && s >= 200 && s <= 299 ? recordOf(ex?.response?.json) : undefined;
}
