import type { CheckContext } from '../check/context.js';
import type { Conformance } from '../check/expect-conform.js';
import { SetupFailure } from '../check/non-conformance.js';
import type { Exchange } from '../http/exchange.js';
import { tagged } from '../../fixtures/tag.js';
import { createContact } from './contact.js';
import { itemsOf, recordOf, show, valueOf, type ApiRecord, type TypedValue } from './record.js';

/**
 * Steps shared by the sweeps (403 with the read-only key, isolation with the other organization's
 * key) and the record-shape checks: records of organization A (or B) made with a stated operation,
 * and the reads that show whether a refused request changed anything.
 */

export type OrgKey = 'apiKey' | 'otherOrgApiKey';

/** The record of a 2xx `{ data: record }` answer, or a SetupFailure naming the step. */
function recordOrBlock(c: CheckContext, ex: Exchange, what: string): ApiRecord {
  c.setup(ex, what);
  const r = recordOf(ex.response?.json);
  if (!r) throw new SetupFailure(`blocked: ${what} answered 2xx without { data: record }; see the checks of that operation`, ex);
  return r;
}

/** Creates an account (display_name only, the one attribute the spec shows); archived after the check. */
export async function createAccount(c: CheckContext, auth: OrgKey = 'apiKey'): Promise<ApiRecord> {
  const ex = await c.api.post('/account', { attributes: { display_name: tagged(c.faker.company.name(), c.runId) } }, { auth });
  const account = recordOrBlock(c, ex, 'POST /account');
  c.cleanup(() => c.api.delete(`/account/${account.id}`, { auth }));
  return account;
}

/**
 * An account with two domains whose non-primary one may be removed. The spec shows only display_name
 * on account create, so a server may refuse `domains` there: then the fixture account is used, and
 * `own` is false (other checks may change that account's domains, so only its primary domain, which
 * no stated operation removes while it is the only primary, is offered).
 */
export async function accountWithDomain(c: CheckContext): Promise<{ accountId: string; domain: string; own: boolean }> {
  const stem = c.faker.string.alphanumeric(10).toLowerCase();
  const domains = [`${stem}-primary.conformance.example`, `${stem}-other.conformance.example`];
  const ex = await c.api.post('/account', { attributes: { display_name: tagged(c.faker.company.name(), c.runId), domains } });
  const r = recordOf(ex.response?.json);
  const status = ex.response?.status ?? 0;
  if (status >= 200 && status <= 299 && r) {
    c.cleanup(() => c.api.delete(`/account/${r.id}`));
    const names = itemsOf(r, 'domains').map((d) => (d.value as { domain_name?: unknown } | null)?.domain_name);
    if (names.includes(domains[1])) return { accountId: r.id, domain: domains[1]!, own: true };
  }
  const f = c.fixtures.accountWithDomains;
  const id = c.need(f?.id, 'accountWithDomains.id');
  return { accountId: id, domain: c.need(f?.primaryDomain, 'accountWithDomains.primaryDomain'), own: false };
}

/** The domain names an account shows. */
export function domainNames(account: ApiRecord): string[] {
  return itemsOf(account, 'domains').map((d) => String((d.value as { domain_name?: unknown } | null)?.domain_name).toLowerCase());
}

/** The opportunity stage of the fixtures, as the stated select envelope `{ value: { id } }`. */
export function opportunityStage(c: CheckContext): { value_type: 'select'; value: { id: string } } {
  return { value_type: 'select', value: { id: c.need(c.fixtures.opportunity?.stageId, 'opportunity.stageId') } };
}

/** Creates an opportunity on an account with the stated create attributes. */
export async function createOpportunity(c: CheckContext, accountId: string): Promise<ApiRecord> {
  const ex = await c.api.post('/opportunity', { attributes: { display_name: tagged(`Deal ${c.faker.commerce.productName()}`, c.runId), stage: opportunityStage(c), account_id: accountId } });
  return recordOrBlock(c, ex, 'POST /opportunity');
}

export function relApiName(c: CheckContext, key: 'contactAccounts' | 'opportunityContacts' | 'contactCustomObject' | 'customObject'): string {
  const fallback = { contactAccounts: 'accounts', opportunityContacts: 'contacts', contactCustomObject: undefined, customObject: undefined }[key];
  return c.need(c.fixtures.relationships?.[key] ?? fallback, `relationships.${key}`);
}

/** Links a contact to an account (POST /contact/{id}/relationship/accounts) as a setup step. */
export async function linkContactToAccount(c: CheckContext, contactId: string, accountId: string, auth: OrgKey = 'apiKey'): Promise<void> {
  c.setup(await c.api.post(`/contact/${contactId}/relationship/${relApiName(c, 'contactAccounts')}`, { related_record_id: accountId }, { auth }), 'POST /contact/{contact_id}/relationship/{api_name}');
}

/** A contact on an account, an opportunity on that account, and the opportunity-contact edge between them. */
export async function opportunityWithContact(c: CheckContext, linked = true): Promise<{ contact: ApiRecord; account: ApiRecord; opportunity: ApiRecord }> {
  const account = await createAccount(c);
  const contact = await createContact(c);
  await linkContactToAccount(c, contact.id, account.id);
  const opportunity = await createOpportunity(c, account.id);
  if (linked) {
    c.setup(await c.api.post(`/opportunity/${opportunity.id}/relationship/${relApiName(c, 'opportunityContacts')}`, { related_record_id: contact.id }),
      'POST /opportunity/{opportunity_id}/relationship/{api_name}');
  }
  return { contact, account, opportunity };
}

/** The related_record_id of each item of a relationship page (first page only; bounded by the server's page). */
export function relatedIds(body: unknown): string[] {
  const items = (body as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? items.map((i) => String((i as { related_record_id?: unknown } | null)?.related_record_id)) : [];
}

/** The accounts a contact is linked to, read with the stated route; a failed read breaks the check's rule. */
export async function contactAccountIds(c: CheckContext, contactId: string, auth: OrgKey = 'apiKey'): Promise<string[]> {
  const e = c.expect(await c.api.get(`/contact/${contactId}/relationship/accounts`, { auth })).success();
  return relatedIds(e.json());
}

/** A phone item of a contact, made for this check when the server takes phone numbers on create, else the fixture's. */
export async function phoneItem(c: CheckContext): Promise<{ contactId: string; item: { id: string; phone_number: unknown; is_primary: unknown; labels: unknown }; own: boolean }> {
  const numbers = [`+155501${c.faker.string.numeric(2)}`, `+155502${c.faker.string.numeric(2)}`];
  const created = await c.api.post('/contact', {
    attributes: {
      first_name: c.faker.person.firstName(), last_name: tagged(c.faker.person.lastName(), c.runId),
      stage: c.need(c.fixtures.contact?.stage, 'contact.stage'), contact_phone_numbers: numbers,
    },
  });
  const status = created.response?.status ?? 0;
  const r = recordOf(created.response?.json);
  const pick = (rec: ApiRecord) => {
    const items = itemsOf(rec, 'contact_phone_numbers').map((i) => i.value as { id: string; phone_number: unknown; is_primary: unknown; labels: unknown });
    return items.find((i) => i && i.is_primary === false && typeof i.id === 'string') ?? items.find((i) => i && typeof i.id === 'string');
  };
  if (status >= 200 && status <= 299 && r) {
    const item = pick(r);
    if (item) return { contactId: r.id, item, own: true };
  }
  const id = c.need(c.fixtures.contactWithPhoneNumbersId, 'contactWithPhoneNumbersId');
  const read = c.setup(await c.api.get(`/contact/${id}`), 'GET /contact/{contact_id}').data();
  const item = pick(read);
  if (!item) throw new SetupFailure('blocked: the fixture contactWithPhoneNumbersId shows no phone item with an id', c.last());
  return { contactId: id, item, own: false };
}

/** The phone item with this id on a contact read, or undefined. */
export function phoneItemOf(contact: ApiRecord, itemId: string): unknown {
  return itemsOf(contact, 'contact_phone_numbers').map((i: TypedValue) => i.value as { id?: unknown }).find((v) => v?.id === itemId);
}

/** Labels that differ from the given ones (a patch that would change something). */
export function otherLabels(labels: unknown): string[] {
  const now = Array.isArray(labels) ? labels : [];
  const pick = ['PERSONAL', 'MOBILE', 'WORK'].filter((l) => !now.includes(l));
  return pick.length > 0 ? pick : ['PERSONAL'];
}


// ---- custom objects -------------------------------------------------------------------------

export interface CustomObjectParts {
  apiName: string;
  matchField: string;
}

export function customObject(c: CheckContext): CustomObjectParts {
  return {
    apiName: c.need(c.fixtures.customObject?.apiName, 'customObject.apiName'),
    matchField: c.need(c.fixtures.customObject?.matchField, 'customObject.matchField'),
  };
}

/** A fresh match value for this check. */
export function matchValue(c: CheckContext): string {
  return `conformance-${c.runId}-${c.faker.string.alphanumeric(12)}`;
}

/**
 * The fixture's writable custom-object attributes, each string one replaced by a value unique to
 * this check (so a later read shows which write it came from). The match field is left out.
 */
export function customAttributes(c: CheckContext, label: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { matchField } = customObject(c);
  for (const [k, v] of Object.entries(c.fixtures.customObject?.attributes ?? {})) {
    if (k === matchField) continue;
    out[k] = typeof v === 'string' ? tagged(`${label} ${c.faker.string.alphanumeric(8)}`, c.runId) : v;
  }
  return out;
}

/** The string attributes of a custom attribute set (what a later read is compared on). */
export function stringAttributes(attrs: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(attrs).filter((e): e is [string, string] => typeof e[1] === 'string');
}

export function upsertBody(c: CheckContext, value: string, attributes: Record<string, unknown>): unknown {
  const { matchField } = customObject(c);
  return { attributes: { ...attributes, [matchField]: value }, match: { field: matchField, value } };
}

/** Upserts a custom-object record of organization A (or B) for this check; archived afterwards. */
export async function upsertCustom(c: CheckContext, value: string, attributes: Record<string, unknown>, auth: OrgKey = 'apiKey'): Promise<ApiRecord> {
  const { apiName } = customObject(c);
  const ex = await c.api.post(`/${apiName}/_upsert`, upsertBody(c, value, attributes), { auth });
  const r = recordOrBlock(c, ex, 'POST /{custom_object_api_name}/_upsert');
  c.cleanup(() => c.api.delete(`/${apiName}/${r.id}`, { auth }));
  return r;
}

/**
 * The stated way to see a custom-object record again: upsert with organization A's key, the same
 * match value and only the match field. The answer must be the same record, with the attributes it had.
 */
export async function expectCustomUnchanged(c: CheckContext, original: ApiRecord, value: string, attrs: Record<string, unknown>): Promise<void> {
  const { apiName } = customObject(c);
  const e = c.expect(await c.api.post(`/${apiName}/_upsert`, upsertBody(c, value, {}))).success();
  const again = e.data();
  if (again.id !== original.id) e.fail(`the same record (id ${original.id}) for match value ${show(value)}`, `id ${show(again.id)}`);
  for (const [k, v] of stringAttributes(attrs)) {
    if (valueOf(again, k) !== v) e.fail(`${k} unchanged (${show(v)})`, `${k} ${show(valueOf(again, k))}`);
  }
}

// ---- other organization ------------------------------------------------------------------------

/**
 * A contact of organization B, made with its key. Stages are per workspace: when B's workspace
 * refuses the fixture stage (a 4xx), the check is skipped with that reason.
 */
export async function otherOrgContact(c: CheckContext): Promise<ApiRecord> {
  c.needKey('otherOrgApiKey');
  const stage = c.need(c.fixtures.contact?.stage, 'contact.stage');
  const ex = await c.api.post('/contact', { attributes: { first_name: c.faker.person.firstName(), last_name: tagged(c.faker.person.lastName(), c.runId), stage } }, { auth: 'otherOrgApiKey' });
  const status = ex.response?.status ?? 0;
  if (status >= 400 && status <= 499) {
    c.need(undefined, `contact.stage (POST /contact with otherOrgApiKey answered ${status}: the stage ${show(stage)} may not exist in the other organization)`);
  }
  return recordOrBlock(c, ex, 'POST /contact (otherOrgApiKey)');
}

/** What the other organization's key may get for organization A's record: 404 or 403, with the error body. */
export function expectDenied(e: Conformance): Conformance {
  e.rejected();
  if (e.response.status !== 404 && e.response.status !== 403) e.fail('HTTP 404 or 403 (the record is not the caller\'s)', `HTTP ${e.response.status}`);
  return e;
}

/** The response text does not carry any of the record's data. */
export function expectNotLeaked(e: Conformance, secrets: readonly unknown[]): void {
  for (const s of secrets) {
    if (typeof s === 'string' && s.length >= 4 && e.response.text.includes(s)) e.fail('no data of organization A\'s record in the response', `the response contains ${show(s)}`);
  }
}
