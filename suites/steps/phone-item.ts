import type { CheckContext } from '../../lib/check/context.js';
import { tagged } from '../../fixtures/builders/tag.js';
import { uniquePhone } from '../../fixtures/builders/unique.js';
import { requiredCreateAttributes, contactStage } from './contact.js';
import { holdRecord } from '../../lib/runner/record-lock.js';
import { recordViolations } from '../spec/record-violations.js';
import { NonConformance } from '../../lib/check/non-conformance.js';
import { keptRecordChanged } from './kept-change.js';
import { setupRecord } from './record.js';
import { itemsOf, recordOf, type ApiRecord, answeredRecord } from '../spec/record.js';
import { show } from '../../lib/check/show.js';
import type { Exchange } from '../../lib/http/exchange.js';

/** One contact_phone_number item as a read shows it. */
export interface PhoneItem {
  id: string;
  phone_number: unknown;
  is_primary: unknown;
  labels: unknown;
}

/** The phone items of a contact read that carry an id (the id is what the item PATCH names). */
export function phoneItems(contact: ApiRecord): PhoneItem[] {
  return itemsOf(contact, 'contact_phone_numbers')
    .map((i) => i.value as Partial<PhoneItem> | null)
    .filter((v): v is PhoneItem => !!v && typeof v.id === 'string');
}

/** The phone item with this id on a contact read, or undefined. */
export function phoneItemOf(contact: ApiRecord, itemId: string): PhoneItem | undefined {
  return phoneItems(contact).find((i) => i.id === itemId);
}

/**
 * A contact with a primary and a non-primary phone item. `own`: made by this check; else the fixture, held until the
 * check ends.
 */
export interface PhoneContact {
  contactId: string;
  primary: PhoneItem;
  other: PhoneItem;
  own: boolean;
}

/** The primary and a non-primary phone item of a contact read, when it has both. */
export function phonePair(contact: ApiRecord): { primary: PhoneItem; other: PhoneItem } | undefined {
  const items = phoneItems(contact);
  const primary = items.find((i) => i.is_primary === true);
  const other = items.find((i) => i.is_primary === false);
  return primary && other ? { primary, other } : undefined;
}

/**
 * A contact with a primary and a non-primary phone item. The spec shows no write form for
 * contact_phone_numbers, so this first tries a contact of the check's own, created with two
 * numbers; only when the server does not take that does it use the fixture
 * `contactWithPhoneNumbersId`, which checks then share: the check holds it until it ends
 * (lib/runner/record-lock.ts) and must leave its items as it found them.
 */
export async function phoneContact(c: CheckContext): Promise<PhoneContact> {
  return (await ownPhoneContact(c)) ?? fixturePhoneContact(c);
}

/**
 * A contact of the check's own created with two phone numbers, when the server takes them on create
 * and shows a primary and a non-primary item; undefined (observed) otherwise.
 */
async function ownPhoneContact(c: CheckContext): Promise<PhoneContact | undefined> {
  // numbers a server may hold unique: each carries the run id (fixtures/builders/unique.ts)
  const numbers = [uniquePhone(c.faker, c.runId), uniquePhone(c.faker, c.runId)];
  const created = await c.api.post('/contact', {
    attributes: {
      first_name: c.faker.person.firstName(),
      last_name: tagged(c.faker.person.lastName(), c.runId),
      ...requiredCreateAttributes(c),
      stage: contactStage(c),
      contact_phone_numbers: numbers,
    },
  });
  const status = created.response?.status ?? 0;
  const r = status >= 200 && status <= 299 ? recordOf(created.response?.json) : undefined;
  const own = r ? phonePair(r) : undefined;
  if (r && own) return { contactId: r.id, ...own, own: true };
  c.observe(
    'contact-phone-numbers-write',
    `POST /contact with contact_phone_numbers as strings answered HTTP ${status}${r ? `, items ${show(phoneItems(r))}` : ''}: using the fixture contactWithPhoneNumbersId`,
  );
  return undefined;
}

/**
 * A contact with two phone items for the probes whose writes must be refused: made once per run where
 * the server takes phone items on create (a run-scoped set-up), else the fixture. Either way each check
 * holds it in turn: a write a faulty server wrongly takes (a label outside the stated three) stays on
 * the contact until the check's cleanup puts it back, and another probe's read in between would show it
 * to the run's observer as a second deviation (value.shape) of the one cause.
 */
export async function phoneContactForProbes(c: CheckContext): Promise<PhoneContact> {
  const shared = await c.shared('contacts: a contact with two phone items for probes', (s) => ownPhoneContact(s));
  if (!shared) return fixturePhoneContact(c);
  await holdRecord(c, `contact:${shared.contactId}`);
  return shared;
}

/** The fixture contactWithPhoneNumbersId, held until the check ends, with its primary and a non-primary item. */
async function fixturePhoneContact(c: CheckContext): Promise<PhoneContact> {
  const id = c.need(c.fixtures.contactWithPhoneNumbersId, 'contactWithPhoneNumbersId');
  await holdRecord(c, `contact:${id}`);
  return fixturePair(c, id, await c.api.get(`/contact/${id}`));
}

/** The fixture contact's primary and non-primary item as `readEx` shows them; blocked (or a deviation) without. */
function fixturePair(c: CheckContext, id: string, readEx: Exchange): PhoneContact {
  const read = setupRecord(c, readEx, 'GET /contact/{contact_id}');
  const fixture = phonePair(read);
  if (!fixture) {
    // items the spec would not shape so are the server's deviation (a finding of that rule), not the fixture's
    const v = recordViolations('contact', readEx.response?.json)[0];
    if (v) throw new NonConformance(v, readEx);
    const items = phoneItems(read);
    c.block(
      'GET /contact/{contact_id}',
      `contactWithPhoneNumbersId with ${items.length} phone item(s), ${items.filter((i) => i.is_primary === true).length} of them primary: not a primary and a non-primary item`,
      readEx,
    );
  }
  return { contactId: id, ...fixture, own: false };
}

/**
 * The fixture contact as the fixtures check read it, before any check could write it (no request:
 * suites/preflight/fixture-reads.ts), when it did.
 */
function fixtureReadBeforeChecks(c: CheckContext, id: string): Exchange | undefined {
  return c.target.preflight?.reads?.[`/contact/${id}`]?.ex;
}

/**
 * A phone item for a probe that judges only its own answer (a hostile body, a media type): the ids of
 * the run's contact for probes, else of the fixture, held until the check ends either way. Item ids do
 * not change (the API can neither add nor remove an item), so the fixture's come from the fixtures
 * check's read where it made one: the probe's turn on the contact is its one request, not a read too.
 */
export async function phoneItemForProbes(c: CheckContext): Promise<{ contactId: string; itemId: string }> {
  const shared = await c.shared('contacts: a contact with two phone items for probes', (s) => ownPhoneContact(s));
  const id = shared ? shared.contactId : c.need(c.fixtures.contactWithPhoneNumbersId, 'contactWithPhoneNumbersId');
  const before = shared ? undefined : fixtureReadBeforeChecks(c, id);
  await holdRecord(c, `contact:${id}`);
  const pair = shared ?? (before ? fixturePair(c, id, before) : await fixturePhoneContact(c));
  return { contactId: id, itemId: pair.other.id };
}

/**
 * A read of a contact with phone items, for the checks that judge such a read alone: the check's own
 * contact's where the server takes phone items on create, else the fixture's as the fixtures check read
 * it before any check wrote to it (no request, and no turn on the contact), else read in its turn.
 */
export async function phoneContactRead(c: CheckContext): Promise<Exchange> {
  const own = await ownPhoneContact(c);
  if (own) return c.api.get(`/contact/${own.contactId}`);
  const id = c.need(c.fixtures.contactWithPhoneNumbersId, 'contactWithPhoneNumbersId');
  const before = fixtureReadBeforeChecks(c, id);
  if (before) {
    fixturePair(c, id, before);
    return before;
  }
  await holdRecord(c, `contact:${id}`);
  const readEx = await c.api.get(`/contact/${id}`);
  fixturePair(c, id, readEx);
  return readEx;
}

/**
 * One label the item does not hold alone (a patch that would change something). One: how many labels
 * an item may hold is not stated, and a server may take one at most.
 */
export function otherLabels(labels: unknown): string[] {
  const now = Array.isArray(labels) ? labels : [];
  const pick = ['PERSONAL', 'MOBILE', 'WORK'].find((l) => now.length !== 1 || now[0] !== l);
  return [pick ?? 'PERSONAL'];
}

/**
 * A refusal probe's patch went through on an item of the user's contact (contactWithPhoneNumbersId):
 * put it back by the same route with organization A's key (its labels and is_primary, and its number
 * when the server changed that: a server that wrongly takes a number change takes the change back), read
 * the contact again, and report the change either way. An item gone from the contact cannot come back
 * (the API cannot add a phone item).
 */
export async function putBackPhoneItem(
  c: CheckContext,
  contactId: string,
  before: PhoneItem,
  after: PhoneItem | undefined,
): Promise<void> {
  const field = `contact_phone_numbers item ${before.id}`;
  const change = {
    key: 'contactWithPhoneNumbersId',
    type: 'contact',
    id: contactId,
    field,
    before,
    after: after ?? null,
  };
  if (after === undefined) {
    const how =
      `the API cannot add a phone item: give contact ${contactId} ` +
      `the number ${String(before.phone_number)} again in the product`;
    keptRecordChanged(c, { ...change, restored: false, how });
    return;
  }
  const path = `/contact/${contactId}/attribute/contact_phone_numbers/${before.id}`;
  const body = {
    is_primary: before.is_primary,
    labels: before.labels,
    ...(after.phone_number !== before.phone_number ? { phone_number: before.phone_number } : {}),
  };
  await c.api.patch(path, body);
  const r = answeredRecord(await c.api.get(`/contact/${contactId}`));
  const now = r ? phoneItemOf(r, before.id) : undefined;
  const back =
    now !== undefined &&
    now.phone_number === before.phone_number &&
    now.is_primary === before.is_primary &&
    sameLabels(now.labels, before.labels);
  keptRecordChanged(c, {
    ...change,
    restored: back,
    how: back
      ? `put back with PATCH ${path} (organization A's key)`
      : `send PATCH ${path} ${JSON.stringify(body)} with organization A's key`,
  });
}

function sameLabels(a: unknown, b: unknown): boolean {
  return (
    Array.isArray(a) &&
    Array.isArray(b) &&
    [...(a as unknown[])].map(String).sort().join() === [...(b as unknown[])].map(String).sort().join()
  );
}
