import type { Exchange, ExchangeResponse } from '../../lib/http/exchange.js';
import { bodyShape, jsonShape } from '../../lib/check/body-shape.js';

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

/** The record of a 2xx `{ data: record }` answer, or undefined (no answer, another status, another shape). */
export function answeredRecord(ex: Exchange | undefined): ApiRecord | undefined {
  const s = ex?.response?.status;
  return s !== undefined && s >= 200 && s <= 299 ? recordOf(ex?.response?.json) : undefined;
}

/** Why a body is not `{ data: record }` (a record has a string `id` and an `attributes` object). */
export function envelopeProblem(r: ExchangeResponse): string {
  const body = r.json;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return bodyShape(r);
  if (!Object.hasOwn(body, 'data')) return `${jsonShape(body)}, no "data"`;
  const data = (body as { data: unknown }).data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return `"data" is ${jsonShape(data)}`;
  const missing = [];
  if (typeof (data as { id?: unknown }).id !== 'string') missing.push('a string "id"');
  const attrs = (data as { attributes?: unknown }).attributes;
  if (attrs === null || typeof attrs !== 'object' || Array.isArray(attrs)) missing.push('an "attributes" object');
  return `"data" without ${missing.join(' or ')}`;
}
