import type { Exchange } from '../http/exchange.js';
import { MAX_SHOWN, shortText } from '../util/short-text.js';

// The records a check reads, in the spec's words: shared vocabulary of checks, steps, preflight and reports.

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
  // a server string is cut before it is quoted (a 4 MiB id is not copied to be cut), its length shown
  if (typeof v === 'string') return shortText(v);
  const s = JSON.stringify(v);
  return s === undefined ? 'absent' : s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}… (${s.length} characters)` : s;
}

/** The record of a 2xx `{ data: record }` answer, or undefined (no answer, another status, another shape). */
export function answeredRecord(ex: Exchange | undefined): ApiRecord | undefined {
  const s = ex?.response?.status;
  return s !== undefined && s >= 200 && s <= 299 ? recordOf(ex?.response?.json) : undefined;
}
