import type { CheckContext } from '../check/context.js';
import type { Exchange } from '../http/exchange.js';
import { SetupFailure } from '../check/non-conformance.js';
import { changedString, matchValue, upsertBody, type UpsertBody } from '../../fixtures/custom-object.js';
import { recordOf, type ApiRecord } from './record.js';

/** The fixtures' custom object: api_name, the match field and sample attributes. */
export interface CustomObjectFixture {
  apiName: string;
  matchField: string;
  attributes: Record<string, unknown>;
}

/** The custom object of the fixtures; skips (naming the key) when any part is missing. */
export function customObject(c: CheckContext): CustomObjectFixture {
  const co = c.need(c.fixtures.customObject, 'customObject');
  return {
    apiName: c.need(co.apiName, 'customObject.apiName'),
    matchField: c.need(co.matchField, 'customObject.matchField'),
    attributes: co.attributes ?? {},
  };
}

/**
 * A string attribute of the sample attributes other than the match field: the one a check changes
 * to see an update. Skips, naming the key, when the fixtures give none.
 */
export function changeableAttribute(c: CheckContext, co: CustomObjectFixture): string {
  const name = Object.keys(co.attributes).find((k) => k !== co.matchField && typeof co.attributes[k] === 'string');
  return c.need(name, 'customObject.attributes (a string attribute other than the match field, to change)');
}

/** A fresh body for a new record: a match value of this run, the sample attributes. */
export function freshUpsertBody(c: CheckContext, co: CustomObjectFixture, value: string = matchValue(c.faker, c.runId)): UpsertBody & { attributes: Record<string, unknown> } {
  return upsertBody({ matchField: co.matchField, matchValue: value, attributes: co.attributes, runId: c.runId });
}

/** The same body with one attribute changed. */
export function withAttribute(body: UpsertBody, name: string, value: unknown): UpsertBody {
  return { ...body, attributes: { ...body.attributes, [name]: value } };
}

export { changedString };

/** POST /{api_name}/_upsert. */
export function upsert(c: CheckContext, co: CustomObjectFixture, body: unknown): Promise<Exchange> {
  return c.api.post(`/${co.apiName}/_upsert`, body);
}

/** Archive the record after the check (the record stays findable by its match value otherwise). */
export function archiveAfter(c: CheckContext, co: CustomObjectFixture, id: string): void {
  c.cleanup(() => c.api.delete(`/${co.apiName}/${id}`));
}

/** When a request that should have failed made a record anyway, archive it after the check. */
export function archiveIfCreated(c: CheckContext, co: CustomObjectFixture, ex: Exchange): void {
  const s = ex.response?.status;
  const r = s !== undefined && s >= 200 && s <= 299 ? recordOf(ex.response?.json) : undefined;
  if (r) archiveAfter(c, co, r.id);
}

/** An upsert that makes a record this check owns (archived afterwards); a failure blocks the check. */
export async function upsertRecord(c: CheckContext, co: CustomObjectFixture, body: UpsertBody = freshUpsertBody(c, co)): Promise<{ ex: Exchange; record: ApiRecord; body: UpsertBody }> {
  const ex = await upsert(c, co, body);
  c.setup(ex, 'POST /{custom_object_api_name}/_upsert');
  const record = recordOf(ex.response?.json);
  if (!record) throw new SetupFailure('blocked: the upsert answered 2xx without { data: record }; see the custom-object.upsert checks', ex);
  archiveAfter(c, co, record.id);
  return { ex, record, body };
}

/** Does a value read back match the value written? Raw or enveloped writes; objects compared on the keys sent. */
export function sameValue(sent: unknown, read: unknown): boolean {
  if (sent !== null && typeof sent === 'object' && !Array.isArray(sent) && 'value_type' in sent && 'value' in sent) {
    return sameValue((sent as { value: unknown }).value, read);
  }
  if (sent === null || typeof sent !== 'object') return sent === read;
  if (read === null || typeof read !== 'object') return false;
  if (Array.isArray(sent)) {
    return Array.isArray(read) && sent.length === read.length && sent.every((v, i) => sameValue(v, (read as unknown[])[i]));
  }
  return Object.entries(sent).every(([k, v]) => sameValue(v, (read as Record<string, unknown>)[k]));
}

/** The value of an attribute as read: a single value, or the values of a multi-valued attribute. */
export function readValue(record: ApiRecord, name: string): unknown {
  const a = record.attributes[name];
  if (Array.isArray(a)) return a.map((x) => x.value);
  return a?.value;
}

/** The relationship api_names of the fixtures: contact → custom object (link), custom object → contacts (read). */
export function relationshipNames(c: CheckContext): { link: string; read: string } {
  return {
    link: c.need(c.fixtures.relationships?.contactCustomObject, 'relationships.contactCustomObject'),
    read: c.need(c.fixtures.relationships?.customObject, 'relationships.customObject'),
  };
}

/**
 * A custom-object record of this check with `n` contacts linked to it, each through
 * POST /contact/{id}/relationship/{contactCustomObject} { related_record_id }. Every step is setup:
 * a failure blocks the check. Returns the record id and the linked contact ids, in link order.
 */
export async function recordWithLinkedContacts(
  c: CheckContext,
  n: number,
  createContact: (c: CheckContext) => Promise<ApiRecord>,
): Promise<{ co: CustomObjectFixture; rel: { link: string; read: string }; recordId: string; contactIds: string[] }> {
  const co = customObject(c);
  const rel = relationshipNames(c);
  const { record } = await upsertRecord(c, co);
  const contactIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const contact = await createContact(c);
    c.setup(await c.api.post(`/contact/${contact.id}/relationship/${rel.link}`, { related_record_id: record.id }), 'POST /contact/{contact_id}/relationship/{api_name}');
    contactIds.push(contact.id);
  }
  return { co, rel, recordId: record.id, contactIds };
}
