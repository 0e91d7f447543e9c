import type { CheckContext } from '../check/context.js';
import { SetupFailure } from '../check/non-conformance.js';
import { tagged } from '../../fixtures/tag.js';
import { contactStage } from './contact.js';
import { itemsOf, recordOf, type ApiRecord } from './record.js';

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
 * A phone item of a contact, for a check whose PATCH of it must be refused: a non-primary item of a
 * contact made for this check when the server takes contact_phone_numbers on create (the spec shows
 * no such write form), else one of the fixture contactWithPhoneNumbersId. `own` is false for the
 * fixture: other checks change its items' labels and primary flag.
 */
export async function phoneItem(c: CheckContext): Promise<{ contactId: string; item: PhoneItem; own: boolean }> {
  const numbers = [`+155501${c.faker.string.numeric(2)}`, `+155502${c.faker.string.numeric(2)}`];
  const created = await c.api.post('/contact', {
    attributes: {
      first_name: c.faker.person.firstName(), last_name: tagged(c.faker.person.lastName(), c.runId),
      stage: contactStage(c), contact_phone_numbers: numbers,
    },
  });
  const status = created.response?.status ?? 0;
  const r = recordOf(created.response?.json);
  const pick = (contact: ApiRecord) => {
    const items = phoneItems(contact);
    return items.find((i) => i.is_primary === false) ?? items[0];
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

/** Labels other than the given ones (a patch that would change something). */
export function otherLabels(labels: unknown): string[] {
  const now = Array.isArray(labels) ? labels : [];
  const pick = ['PERSONAL', 'MOBILE', 'WORK'].filter((l) => !now.includes(l));
  return pick.length > 0 ? pick : ['PERSONAL'];
}
