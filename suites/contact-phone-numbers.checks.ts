import { isDeepStrictEqual } from 'node:util';
import { check, group, endpoint } from '../lib/check/check.js';
import { readContact } from './steps/contact.js';
import { phoneContact, phoneContactForProbes, phoneItemOf, phoneItems, putBackPhoneItem } from './steps/phone-item.js';
import { show } from '../lib/check/show.js';
import { uniquePhone } from '../fixtures/builders/unique.js';

const itemPath = (contactId: string, itemId: string) =>
  `/contact/${contactId}/attribute/contact_phone_numbers/${itemId}`;
/** Two label lists hold the same labels (their order is not stated). */
const same = (a: unknown, b: unknown) =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  isDeepStrictEqual([...(a as unknown[])].map(String).sort(), [...(b as unknown[])].map(String).sort());

// Each check uses a contact of its own with two phone items where the server takes them on create
// (the three probes that must be refused share one, held in turn: a write a faulty server takes stays
// until its check puts it back); else the fixture contactWithPhoneNumbersId, which the checks then hold
// in turn (suites/steps/phone-item.ts), each leaving its items as it found them.
group('contact phone items', () => {
  endpoint('PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}', () => {
    // making an item primary and relabelling it, its answer and its read-back: the read-back family's
    // (suites/read-backs.checks.ts)

    check(
      'contact.phone-item.labels',
      "a label outside PERSONAL, WORK, MOBILE is rejected and the item's labels are unchanged",
      async (c) => {
        const { contactId, other } = await phoneContactForProbes(c);
        const e = c.expect(await c.api.patch(itemPath(contactId, other.id), { labels: ['HOME'] }));
        if (e.response.status >= 200 && e.response.status <= 299)
          c.cleanup(() => c.api.patch(itemPath(contactId, other.id), { labels: other.labels }));
        e.rejected();
        const after = phoneItems(await readContact(c, contactId)).find((i) => i.id === other.id);
        if (!same(after?.labels, other.labels))
          c.expect(c.last()).fail(`labels unchanged (${show(other.labels)})`, `item ${show(after)}`);
      },
    );

    for (const sent of ['true', 1] as const) {
      check(
        'contact.phone-item.is-primary-boolean',
        `is_primary ${show(sent)} (not a boolean) is rejected with the error body and the item is unchanged`,
        async (c) => {
          const { contactId, primary, other } = await phoneContact(c);
          const e = c.expect(await c.api.patch(itemPath(contactId, other.id), { is_primary: sent }));
          if (e.response.status >= 200 && e.response.status <= 299) {
            // put the fixture back as it was: the old primary first, then this item
            c.cleanup(async () => {
              await c.api.patch(itemPath(contactId, primary.id), { is_primary: true, labels: primary.labels });
              await c.api.patch(itemPath(contactId, other.id), { is_primary: false, labels: other.labels });
            });
          }
          e.rejected();
          const after = phoneItems(await readContact(c, contactId)).find((i) => i.id === other.id);
          if (after?.is_primary !== other.is_primary)
            c.expect(c.last()).fail(`is_primary unchanged (${show(other.is_primary)})`, `item ${show(after)}`);
        },
      );
    }

    check(
      'contact.phone-item.number-immutable',
      'a patch carrying phone_number leaves the number unchanged (a refusal carries the error body)',
      async (c) => {
        const { contactId, other, own } = await phoneContactForProbes(c);
        // "immutable and absent": the number must not change; whether a request carrying it is refused
        // or the field ignored is not stated. On the user's contact (no contact of the check's own) the
        // probe is put back by the same route if the server wrongly takes it: a server that takes a
        // number change takes the change back.
        const number = uniquePhone(c.faker, c.runId);
        const e = c.expect(await c.api.patch(itemPath(contactId, other.id), { phone_number: number }));
        if (e.response.status >= 400) e.rejected();
        else e.success();
        c.observe(
          'phone-item-number',
          `a phone item patch carrying phone_number was answered HTTP ${e.response.status}`,
        );
        const after = phoneItems(await readContact(c, contactId)).find((i) => i.id === other.id);
        if (after?.phone_number !== other.phone_number) {
          if (!own) await putBackPhoneItem(c, contactId, other, after);
          c.expect(c.last()).fail(`phone_number unchanged (${show(other.phone_number)})`, `item ${show(after)}`);
        }
      },
    );

    check(
      'contact.phone-item.last-primary',
      'making the only primary item non-primary (is_primary false) is refused with the error body, and it stays primary',
      async (c) => {
        const { contactId, primary, own } = await phoneContactForProbes(c);
        const e = c.expect(await c.api.patch(itemPath(contactId, primary.id), { is_primary: false }));
        const s = e.response.status;
        if (s >= 200 && s <= 299) {
          const now = phoneItemOf(await readContact(c, contactId), primary.id);
          // the user's contact: put back by the same route
          if (!own) await putBackPhoneItem(c, contactId, primary, now);
          e.fail('a refusal with the error body: the only primary item stays primary', `HTTP ${s}, item ${show(now)}`);
        }
        e.rejected();
        c.observe(
          'phone-item-last-primary',
          `un-flagging the only primary phone item was refused HTTP ${s} ${show(e.json<{ code?: unknown }>().code)}`,
        );
        const after = phoneItemOf(await readContact(c, contactId), primary.id);
        if (after?.is_primary !== true)
          c.expect(c.last()).fail(`item ${primary.id} still primary`, `item ${show(after)}`);
      },
    );
  });
});
