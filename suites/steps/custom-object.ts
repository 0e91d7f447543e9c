import type { CheckContext } from '../../lib/check/context.js';
import { archiveCleanup } from '../../lib/check/cleanups.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { tagged } from '../../fixtures/builders/tag.js';
import {
  changedString,
  matchValue,
  sampleAttributes,
  upsertBody,
  type UpsertBody,
} from '../../fixtures/builders/custom-object.js';
import { relationshipName } from './relationship.js';
import { atOnce } from './at-once.js';
import { archivableId, setupRecord, type OrgKey } from './record.js';
import { recordOf, type ApiRecord } from '../spec/record.js';
import { show } from '../../lib/check/show.js';
import { sameTypedValue } from './same-value.js';
import { createContact } from './contact.js';
import type { Sent } from './sent.js';

/** The fixtures' custom object: api_name, the match field and the sample attributes, as the user gave them. */
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

const FREE_TEXT = new Set(['string', 'long_text']);

/**
 * A sample attribute the server itself typed as free text (value_type string or long_text, when the
 * fixtures check upserted the samples), other than the match field: the one attribute the suite may
 * give values of its own. Every other sample is a fact of the user's workspace (a select option, a
 * number) and is only ever sent as given. Undefined when there is none, or the server was not asked.
 */
export function freeTextAttribute(c: CheckContext, co: CustomObjectFixture): string | undefined {
  const found = c.target.preflight?.customObject;
  if (!found || !('valueTypes' in found)) return undefined;
  const names = Object.keys(co.attributes).filter(
    (k) => k !== co.matchField && FREE_TEXT.has(found.valueTypes[k] ?? ''),
  );
  // display_name last: every record has one ("Envelope plus attributes: id, created_at, updated_at,
  // display_name"), so a server may derive it where a write leaves it out or null
  return names.find((k) => k !== 'display_name') ?? names[0];
}

/**
 * The free-text attribute a check changes to see a change persist. Blocked when the upsert of the
 * samples failed (that step is the finding), skipped naming the fixture key to add when the samples
 * hold no free-text attribute.
 */
export function changeableAttribute(c: CheckContext, co: CustomObjectFixture): string {
  const found = c.target.preflight?.customObject;
  if (found && 'blockedBy' in found) c.block(found.blockedBy.step, found.blockedBy.answer);
  // only --read-only runs without the samples' upsert, and every check that needs this writes
  if (!found) c.skip(`--read-only: this check writes (POST /{custom_object_api_name}/_upsert)`);
  const name = freeTextAttribute(c, co);
  if (name === undefined) {
    const typed = Object.entries(found.valueTypes)
      .map(([k, t]) => `${k}: ${t}`)
      .join(', ');
    c.skip(
      `fixtures: \`customObject.attributes\` holds no free-text attribute (value_type string or long_text) other than the match field (the server typed the samples ${typed || 'as nothing'}); add one to run this check`,
    );
  }
  return name;
}

/**
 * A body for a new record: a fresh match value of this run unless one is given, and the sample
 * attributes as given (display_name tagged with the run id) unless others are given.
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
 * The sample attributes without the match field, as given, with the free-text attribute (when the
 * server showed one) set to a value unique to this check and `label`, tagged with the run id: a
 * later read shows which write it came from.
 */
export function ownedAttributes(c: CheckContext, co: CustomObjectFixture, label: string): Record<string, unknown> {
  const out = sampleAttributes(co.attributes, c.runId);
  delete out[co.matchField];
  const free = freeTextAttribute(c, co);
  if (free !== undefined) out[free] = tagged(`${label} ${c.faker.string.alphanumeric(8)}`, c.runId);
  return out;
}

/**
 * A valid patch body's attributes for a check that needs a patch to be accepted but not a change to
 * show: a fresh value in the free-text attribute where the server showed one, else the samples as
 * given (writing them again is still a patch). Blocked when the samples' upsert failed.
 */
export function patchAttributes(c: CheckContext, co: CustomObjectFixture, label: string): Record<string, unknown> {
  const found = c.target.preflight?.customObject;
  if (found && 'blockedBy' in found) c.block(found.blockedBy.step, found.blockedBy.answer);
  return ownedAttributes(c, co, label);
}

/** Value types whose raw value is also the enveloped `value` (no option reference to build). */
const PLAIN_TYPES = new Set([
  'string',
  'long_text',
  'rich_text',
  'number',
  'boolean',
  'url',
  'email',
  'phone_number',
  'timestamp',
]);

/**
 * One attribute written in the enveloped form `{ value_type, value }`, with the value_type the
 * server itself showed for it: the free-text attribute with a value of the suite's own, else a
 * sample (number, boolean, …) as given. Skipped when no sample has such a plain value type.
 */
export function envelopedAttribute(
  c: CheckContext,
  co: CustomObjectFixture,
  label: string,
): { name: string; value: unknown; valueType: string } {
  const found = c.target.preflight?.customObject;
  if (found && 'blockedBy' in found) c.block(found.blockedBy.step, found.blockedBy.answer);
  if (!found) c.skip(`--read-only: this check writes (POST /{custom_object_api_name}/_upsert)`);
  const free = freeTextAttribute(c, co);
  if (free !== undefined)
    return {
      name: free,
      value: tagged(`${label} ${c.faker.string.alphanumeric(8)}`, c.runId),
      valueType: found.valueTypes[free]!,
    };
  const name = Object.keys(co.attributes).find(
    (k) => k !== co.matchField && PLAIN_TYPES.has(found.valueTypes[k] ?? ''),
  );
  if (name === undefined)
    c.skip(
      'fixtures: `customObject.attributes` holds no sample of a plain value type (string, number, boolean, …) to write enveloped; add one to run this check',
    );
  return { name, value: co.attributes[name], valueType: found.valueTypes[name]! };
}

/** The same body with one attribute changed. */
export function withAttribute(body: UpsertBody, name: string, value: unknown): UpsertBody {
  return { ...body, attributes: { ...body.attributes, [name]: value } };
}

export { changedString };

/** POST /{api_name}/_upsert, with organization A's key or B's. */
export function upsert(
  c: CheckContext,
  co: CustomObjectFixture,
  body: unknown,
  auth: OrgKey = 'apiKey',
): Promise<Exchange> {
  return c.api.post(`/${co.apiName}/_upsert`, body, { auth });
}

/**
 * Archive the record after the check, with the key that made it (the record stays findable by its match value
 * otherwise).
 */
export function archiveAfter(c: CheckContext, co: CustomObjectFixture, id: string, auth: OrgKey = 'apiKey'): void {
  if (!archivableId(c, id)) return;
  c.cleanup(archiveCleanup(() => c.api.delete(`/${co.apiName}/${id}`, { auth })));
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
  const record = setupRecord(c, ex, 'POST /{custom_object_api_name}/_upsert');
  archiveAfter(c, co, record.id, auth);
  return { ex, record, body };
}

/** A record of this check, with the match value and attributes it was written with. */
export interface KeptRecord {
  record: ApiRecord;
  value: string;
  attributes: Record<string, unknown>;
  /** what only this record holds: its match value and, where there is one, its free-text value */
  unique: string[];
}

/**
 * A record this check owns (`ownedAttributes` labelled 'Owned'), for a check that a refused write
 * leaves it unchanged (`expectRecordUnchanged`).
 */
export async function recordToKeep(c: CheckContext, co: CustomObjectFixture): Promise<KeptRecord> {
  const value = matchValue(c.faker, c.runId);
  const attributes = ownedAttributes(c, co, 'Owned');
  const { record } = await upsertRecord(c, co, freshUpsertBody(c, co, value, attributes));
  const free = freeTextAttribute(c, co);
  const text = free === undefined ? undefined : attributes[free];
  return { record, value, attributes, unique: [value, ...(typeof text === 'string' ? [text] : [])] };
}

/**
 * After a write that had to be refused: the stated way to see the record again is an upsert with
 * organization A's key, the same match value and only the match field. The answer must be the same
 * record, holding every attribute it was written with; otherwise the check's own rule is broken.
 */
export async function expectRecordUnchanged(c: CheckContext, co: CustomObjectFixture, kept: KeptRecord): Promise<void> {
  const e = c.expect(await upsert(c, co, freshUpsertBody(c, co, kept.value, {}))).success();
  const again = e.data();
  if (again.id !== kept.record.id)
    e.fail(`the same record (id ${kept.record.id}) for match value ${show(kept.value)}`, `id ${show(again.id)}`);
  for (const [k, v] of Object.entries(kept.attributes)) {
    if (!sameTypedValue(v, again.attributes[k]))
      e.fail(`${k} unchanged (${show(v)})`, `${k} ${show(again.attributes[k])}`);
  }
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
 * An upsert of a new record the checks only read (its answer, its relationships), sent once per run (a
 * run-scoped set-up, lib/runner/run-setups.ts), archived when the run ends, and judged by each check
 * that looks at an upsert that creates under its own rule (the record and its meta, the envelope,
 * record_type, organization_id, the media type). Whatever the answer: a check that needs the record
 * blocks on a refusal (`setupRecord`).
 */
export function customObjectUpserted(c: CheckContext): Promise<Sent<UpsertBody>> {
  const co = customObject(c);
  return c.shared('custom objects: an upsert of a record the checks only read', async (s) => {
    const body = freshUpsertBody(s, co, matchValue(s.faker, s.runId), ownedAttributes(s, co, 'Read'));
    return { ex: await upsert(s, co, body), body };
  });
}

/**
 * Links `contacts` to the custom-object record, each through
 * POST /contact/{id}/relationship/{contactCustomObject} { related_record_id }, one after another (they
 * all write edges of the one record). Every link is set-up: a failure blocks the check. The contact
 * ids, in link order.
 */
async function linkContacts(
  c: CheckContext,
  link: string,
  recordId: string,
  contacts: readonly ApiRecord[],
): Promise<string[]> {
  const contactIds: string[] = [];
  for (const contact of contacts) {
    c.setup(
      await c.api.post(`/contact/${contact.id}/relationship/${link}`, { related_record_id: recordId }),
      'POST /contact/{contact_id}/relationship/{api_name}',
    );
    contactIds.push(contact.id);
  }
  return contactIds;
}

/**
 * A custom-object record of this check with `n` contacts linked to it. Every step is setup: a failure
 * blocks the check. Returns the record id and the linked contact ids, in link order.
 */
export async function recordWithLinkedContacts(
  c: CheckContext,
  n: number,
  createContact: (c: CheckContext) => Promise<ApiRecord>,
): Promise<{ co: CustomObjectFixture; rel: { link: string; read: string }; recordId: string; contactIds: string[] }> {
  const co = customObject(c);
  const rel = relationshipNames(c);
  // the record and the contacts are independent creates: they go out at once (one round trip, not n + 1)
  const [{ record }, ...contacts] = await atOnce([
    upsertRecord(c, co),
    ...Array.from({ length: n }, () => createContact(c)),
  ]);
  return { co, rel, recordId: record.id, contactIds: await linkContacts(c, rel.link, record.id, contacts) };
}

/** How many contacts the run's shared linked record has: more than the page sizes the checks read it with. */
export const LINKED_CONTACTS = 5;

/**
 * The record of customObjectUpserted with LINKED_CONTACTS contacts linked to it, linked once per run
 * (a run-scoped set-up, lib/runner/run-setups.ts) and shared by the checks that only read its
 * relationships (the pagination checks, organization B's read, the hostile queries): each knows every
 * edge a read must show, and the run makes LINKED_CONTACTS contacts, not one set per check.
 */
export function linkedRecord(c: CheckContext): ReturnType<typeof recordWithLinkedContacts> {
  const co = customObject(c);
  const rel = relationshipNames(c);
  return c.shared(`custom objects: a record with ${LINKED_CONTACTS} linked contacts`, async (s) => {
    const [upserted, ...contacts] = await atOnce([
      customObjectUpserted(s).then(({ ex }) => setupRecord(s, ex, 'POST /{custom_object_api_name}/_upsert')),
      ...Array.from({ length: LINKED_CONTACTS }, () => createContact(s)),
    ]);
    return { co, rel, recordId: upserted.id, contactIds: await linkContacts(s, rel.link, upserted.id, contacts) };
  });
}

/** A cursor no server issued: the pagination and robustness checks send it to linkedRecord's read. */
export const NEVER_ISSUED_CURSOR = 'conformance-not-a-cursor';

/**
 * A relationship read of linkedRecord with the given query (none: the default page), sent once per run
 * and judged by each check of that read: the pagination rule of the query, the code of its error, the
 * robustness of the server, the media type.
 */
export function linkedRecordRead(c: CheckContext, query: Record<string, string | number> = {}): Promise<Exchange> {
  const what =
    Object.keys(query).length === 0 ? '' : ` with ${new URLSearchParams(query as Record<string, string>).toString()}`;
  return c.shared(`custom objects: a read of the record with ${LINKED_CONTACTS} linked contacts${what}`, async (s) => {
    const r = await linkedRecord(s);
    return s.api.get(`/${r.co.apiName}/${r.recordId}/relationship/${r.rel.read}`, { query });
  });
}

/**
 * A patch of a record of its own (a new value of the free-text attribute alone, else the samples as
 * given), sent once per run and
 * judged by each check of a patch's answer (the change, the record, record_type, the media type); the
 * record's state before it is its upsert's answer. Not customObjectUpserted's record: the probes that
 * must be refused compare that one with what an upsert of its match value answers, which a patch the
 * server mishandles would change under them.
 */
export function customObjectPatched(c: CheckContext): Promise<{
  ex: Exchange;
  before: ApiRecord;
  body: { attributes: Record<string, unknown> };
  readBack: Exchange;
  /** the record's match value */
  value: string;
}> {
  const co = customObject(c);
  return c.shared('custom objects: a patch of a record of its own', async (s) => {
    const { record: before, body: made } = await upsertRecord(s, co);
    // the free-text attribute alone where the server showed one (a patch changes only what it sends),
    // else the samples as given (still a valid patch)
    const free = freeTextAttribute(s, co);
    const body = {
      attributes: free === undefined ? patchAttributes(s, co, 'Patched') : { [free]: changedString(s.faker, s.runId) },
    };
    const ex = await s.api.patch(`/${co.apiName}/${before.id}`, body);
    // the record again, the stated way: an upsert of its match value and nothing else, before any
    // other check writes the record (recordToPatch waits for this set-up)
    const value = String(made.match?.value);
    const readBack = await upsert(s, co, freshUpsertBody(s, co, value, {}));
    return { ex, before, body, readBack, value };
  });
}

/**
 * customObjectUpserted's record as the target of probes that must be refused: its id, its match value,
 * what only it holds (`unique`, for a leak to be looked for), and the free-text attribute a probe writes
 * a value of its own to (undefined when the samples hold none). Several probes write it, each looking
 * only for its own value afterwards (expectValueNotTaken); none archives it.
 */
export async function recordForProbes(
  c: CheckContext,
  co: CustomObjectFixture,
): Promise<{ record: ApiRecord; value: string; unique: string[]; free?: string }> {
  const { ex, body } = await customObjectUpserted(c);
  const record = setupRecord(c, ex, 'POST /{custom_object_api_name}/_upsert');
  const value = String(body.match?.value);
  const free = freeTextAttribute(c, co);
  const text = free === undefined ? undefined : body.attributes[free];
  return { record, value, unique: [value, ...(typeof text === 'string' ? [text] : [])], ...(free ? { free } : {}) };
}

/**
 * After a write that had to be refused on recordForProbes' record: an upsert with organization A's key,
 * the same match value and only the match field (the stated way to see the record again) must answer
 * that record, and its free-text attribute must not hold the value this probe sent. Other probes write
 * that attribute too, each a value of its own, so nothing else of the record is compared.
 */
export async function expectValueNotTaken(
  c: CheckContext,
  co: CustomObjectFixture,
  target: { record: ApiRecord; value: string; free?: string },
  sent: Record<string, unknown>,
): Promise<void> {
  const e = c.expect(await upsert(c, co, freshUpsertBody(c, co, target.value, {}))).success();
  const again = e.data();
  if (again.id !== target.record.id)
    e.fail(`the same record (id ${target.record.id}) for match value ${show(target.value)}`, `id ${show(again.id)}`);
  if (target.free === undefined) return;
  const mine = sent[target.free];
  if (sameTypedValue(mine, again.attributes[target.free]))
    e.fail(`${target.free} not the value the refused write sent (${show(mine)})`, `${target.free} ${show(mine)}`);
}

/**
 * A record of its own, archived: the DELETE's answer, sent once per run and judged by the archive's
 * check (custom-object.delete.archives, which reads the record afterwards) and the DELETE status check
 * (http.delete-success-status). The record is in the set-up's ledger, archived at the end if the DELETE
 * did not.
 */
export function customObjectArchived(
  c: CheckContext,
): Promise<{ co: CustomObjectFixture; record: ApiRecord; ex: Exchange }> {
  const co = customObject(c);
  return c.shared('custom objects: a record archived', async (s) => {
    // no archive of its own after the check: the DELETE under test is the archive
    const record = setupRecord(
      s,
      await upsert(s, co, freshUpsertBody(s, co)),
      'POST /{custom_object_api_name}/_upsert',
    );
    return { co, record, ex: await s.api.delete(`/${co.apiName}/${record.id}`) };
  });
}

/**
 * The record of customObjectPatched, once that patch was answered: for checks whose own patch of a
 * record is judged by its answer alone (an enveloped value, a null, a refused top-level key). Its
 * first patch is judged before any of theirs; no check upserts or reads it again.
 */
export async function recordToPatch(c: CheckContext): Promise<ApiRecord> {
  return (await customObjectPatched(c)).before;
}

/** customObjectPatchedWhole: the bare record's upsert, and where it made one, the patch and the read back. */
export interface PatchedWhole {
  made: Exchange;
  record?: ApiRecord;
  body?: { attributes: Record<string, unknown> };
  ex?: Exchange;
  readBack?: Exchange;
}

/**
 * A record of its own made with its match value alone, then patched with every sample attribute (each
 * value type the server showed for them, selects among them: as given, the free-text one a value of
 * this run), then seen again the stated way (an upsert of its match value and nothing else): sent once
 * per run. A patch that keeps only some of the attributes it carries shows here, where the record held
 * none of them before. A workspace that refuses a record without its samples leaves nothing to judge.
 */
export function customObjectPatchedWhole(c: CheckContext): Promise<PatchedWhole> {
  const co = customObject(c);
  return c.shared('custom objects: a bare record patched with every sample attribute', async (s) => {
    const value = matchValue(s.faker, s.runId);
    const made = await upsert(s, co, freshUpsertBody(s, co, value, {}));
    const record = recordOf(made.response?.json);
    if ((made.response?.status ?? 500) > 299 || record === undefined) return { made };
    archiveAfter(s, co, record.id);
    const body = { attributes: patchAttributes(s, co, 'Whole') };
    const ex = await s.api.patch(`/${co.apiName}/${record.id}`, body);
    const readBack = await upsert(s, co, freshUpsertBody(s, co, value, {}));
    return { made, record, body, ex, readBack };
  });
}
