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
  const readEx = await c.api.get(`/contact/${id}`);
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
