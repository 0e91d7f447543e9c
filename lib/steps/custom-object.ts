import type { CheckContext } from '../check/context.js';
import type { Exchange } from '../http/exchange.js';
import { tagged } from '../../fixtures/tag.js';
import { changedString, matchValue, sampleAttributes, upsertBody, type UpsertBody } from '../../fixtures/custom-object.js';
import { relationshipName } from './relationship.js';
import { recordOf, setupRecord, show, valueOf, type ApiRecord, type OrgKey } from './record.js';

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

/**
 * A body for a new record: a fresh match value of this run unless one is given, and the sample
 * attributes (display_name tagged with the run id) unless others are given.
 */
export function freshUpsertBody(
  c: CheckContext,
  co: CustomObjectFixture,
  value: string = matchValue(c.faker, c.runId),
  attributes: Record<string, unknown> = sampleAttributes(co.attributes, c.runId),
): UpsertBody {
  return upsertBody({ matchField: co.matchField, matchValue: value, attributes });
}

/**
 * The sample attributes without the match field, each string one replaced by a value unique to
 * this check and `label` (so a later read shows which write it came from), tagged with the run id.
 */
export function customAttributes(c: CheckContext, co: CustomObjectFixture, label: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(co.attributes)) {
    if (k === co.matchField) continue;
    out[k] = typeof v === 'string' ? tagged(`${label} ${c.faker.string.alphanumeric(8)}`, c.runId) : v;
  }
  return out;
}

/** The string attributes of an attribute set (what a later read is compared on). */
export function stringAttributes(attributes: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(attributes).filter((e): e is [string, string] => typeof e[1] === 'string');
}

/** The same body with one attribute changed. */
export function withAttribute(body: UpsertBody, name: string, value: unknown): UpsertBody {
  return { ...body, attributes: { ...body.attributes, [name]: value } };
}

export { changedString };

/** POST /{api_name}/_upsert, with organization A's key or B's. */
export function upsert(c: CheckContext, co: CustomObjectFixture, body: unknown, auth: OrgKey = 'apiKey'): Promise<Exchange> {
  return c.api.post(`/${co.apiName}/_upsert`, body, { auth });
}

/** Archive the record after the check, with the key that made it (the record stays findable by its match value otherwise). */
export function archiveAfter(c: CheckContext, co: CustomObjectFixture, id: string, auth: OrgKey = 'apiKey'): void {
  c.cleanup(() => c.api.delete(`/${co.apiName}/${id}`, { auth }));
}

/** When a request that should have failed made a record anyway, archive it after the check. */
export function archiveIfCreated(c: CheckContext, co: CustomObjectFixture, ex: Exchange): void {
  const s = ex.response?.status;
  const r = s !== undefined && s >= 200 && s <= 299 ? recordOf(ex.response?.json) : undefined;
  if (r) archiveAfter(c, co, r.id);
}

/**
 * An upsert that makes a record this check owns, with organization A's key or B's (archived
 * afterwards with the same key); a failure blocks the check.
 */
export async function upsertRecord(
  c: CheckContext,
  co: CustomObjectFixture,
  body: UpsertBody = freshUpsertBody(c, co),
  auth: OrgKey = 'apiKey',
): Promise<{ ex: Exchange; record: ApiRecord; body: UpsertBody }> {
  const ex = await upsert(c, co, body, auth);
  const record = setupRecord(c, ex, 'POST /{custom_object_api_name}/_upsert', 'the custom-object.upsert checks');
  archiveAfter(c, co, record.id, auth);
  return { ex, record, body };
}

/** A record of this check, with the match value and attributes it was written with. */
export interface KeptRecord {
  record: ApiRecord;
  value: string;
  attributes: Record<string, unknown>;
}

/**
 * A record this check owns whose string attributes are unique to it (`customAttributes` labelled
 * 'Owned'), for a check that a refused write leaves it unchanged (`expectRecordUnchanged`).
 */
export async function recordToKeep(c: CheckContext, co: CustomObjectFixture): Promise<KeptRecord> {
  const value = matchValue(c.faker, c.runId);
  const attributes = customAttributes(c, co, 'Owned');
  const { record } = await upsertRecord(c, co, freshUpsertBody(c, co, value, attributes));
  return { record, value, attributes };
}

/**
 * After a write that had to be refused: the stated way to see the record again is an upsert with
 * organization A's key, the same match value and only the match field. The answer must be the same
 * record, with the string attributes it was written with; otherwise the check's own rule is broken.
 */
export async function expectRecordUnchanged(c: CheckContext, co: CustomObjectFixture, kept: KeptRecord): Promise<void> {
  const e = c.expect(await upsert(c, co, freshUpsertBody(c, co, kept.value, {}))).success();
  const again = e.data();
  if (again.id !== kept.record.id) e.fail(`the same record (id ${kept.record.id}) for match value ${show(kept.value)}`, `id ${show(again.id)}`);
  for (const [k, v] of stringAttributes(kept.attributes)) {
    if (valueOf(again, k) !== v) e.fail(`${k} unchanged (${show(v)})`, `${k} ${show(valueOf(again, k))}`);
  }
}

/** Does a value read back match the value written? Raw or enveloped writes; objects compared on the keys sent. */
export function sameValue(sent: unknown, read: unknown): boolean {
  if (sent !== null && typeof sent === 'object' && !Array.isArray(sent) && 'value_type' in sent && 'value' in sent) {
    return sameValue((sent as { value: unknown }).value, read);
  }
  // a string written for a select is "taken as a stage api_name or display name": it reads back as the option
  if (typeof sent === 'string' && read !== null && typeof read === 'object' && !Array.isArray(read)) {
    const option = read as { api_name?: unknown; display_name?: unknown };
    return option.api_name === sent || option.display_name === sent;
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
  return { link: relationshipName(c, 'contactCustomObject'), read: relationshipName(c, 'customObject') };
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
