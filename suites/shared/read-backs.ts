import { isDeepStrictEqual } from 'node:util';
import type { CheckContext } from '../../lib/check/context.js';
import { show } from '../../lib/check/show.js';
import type { ReadBackEndpoint } from '../spec/operations.js';
import { answeredRecord, recordOf, valueOf } from '../spec/record.js';
import { NOT_ON_PAGE, type ReadBackCase, type Written, type WrittenValue } from '../sweeps/read-backs.js';
import { contactCreated, contactRead, contactStage, createContact } from '../steps/contact.js';
import { uniqueEmail } from '../../fixtures/builders/unique.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { contactPatchedAll } from '../steps/contact-patch-all.js';
import { phoneContact, phoneItemOf } from '../steps/phone-item.js';
import { contactAccountsRead, contactWithAccounts, LINKED_ACCOUNTS, relatedIds } from '../steps/relationship.js';
import { matchAlone } from '../steps/match.js';
import { textChoiceNote, textReadBack } from '../steps/same-text.js';

// The read-back family (issue 39, area 2): every write row of the operation table with a `readBack`
// is read back after a 2xx answer the run already gets, through that stated read, and each stated
// value the write sent is judged there (suites/sweeps/read-backs.ts). The cases below hand the
// family the writes and reads the run makes anyway; a row with a read-back and no case here stops
// the suite from loading (and does not compile).

/** A text attribute: the same text, or a legal choice of the store's (observed), else a finding. */
function sameText(name: string): NonNullable<WrittenValue['same']> {
  return (sent, got) => {
    if (typeof sent !== 'string') return sent === got;
    const how = textReadBack(sent, got);
    if (how === 'same') return true;
    const note = textChoiceNote(name, sent, got);
    return note === undefined ? false : { note };
  };
}

/** The value of an attribute in a `{ data: record }` body (a write's answer, or a read). */
const attribute = (name: string) => (body: unknown) => {
  const r = recordOf(body);
  return r === undefined ? undefined : valueOf(r, name);
};

/** The stated text attributes `sent` holds, each read back from a `{ data: record }` body. */
function texts(sent: Readonly<Record<string, unknown>>, names: readonly string[]): WrittenValue[] {
  return names
    .filter((n) => typeof sent[n] === 'string')
    .map((name) => ({
      name,
      sent: sent[name],
      shown: attribute(name),
      answered: attribute(name),
      same: sameText(name),
    }));
}

/** A stage written as its api_name: the read's option has that api_name (or, taken by name, that display name). */
function stageValue(sent: string): WrittenValue {
  return {
    name: 'stage',
    sent,
    shown: attribute('stage'),
    answered: attribute('stage'),
    same: (s, got) => {
      const o = got as { api_name?: unknown; display_name?: unknown } | null | undefined;
      return o?.api_name === s || o?.display_name === s;
    },
  };
}

/** The edge to `id` on a relationship page: listed, or NOT_ON_PAGE where a next page could hold it. */
function edgeTo(id: string): WrittenValue {
  return {
    name: `the edge to ${id}`,
    sent: id,
    shown: (body) => {
      if (relatedIds(body).includes(id)) return id;
      const next = (body as { next_cursor?: unknown } | undefined)?.next_cursor;
      return typeof next === 'string' && next !== '' ? NOT_ON_PAGE : undefined;
    },
  };
}

const CONTACT_TEXTS = ['first_name', 'last_name', 'middle_name', 'title', 'primary_email'] as const;
const LABELS = ['WORK', 'MOBILE', 'PERSONAL'] as const;
/** Two label lists hold the same labels (their order is not stated). */
const sameLabels = (a: unknown, b: unknown) =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  isDeepStrictEqual([...(a as unknown[])].map(String).sort(), [...(b as unknown[])].map(String).sort());

/** A non-primary phone item made primary and relabelled, its answer judged; the contact restored after. */
async function phoneItemPatched(c: CheckContext): Promise<Written> {
  const { contactId, primary, other } = await phoneContact(c);
  const label = LABELS.find((l) => !sameLabels([l], other.labels)) ?? 'WORK';
  const itemPath = (id: string) => `/contact/${contactId}/attribute/contact_phone_numbers/${id}`;
  // restore the fixture: the old primary first (in case the server demotes the others), then this item
  c.cleanup(async () => {
    await c.api.patch(itemPath(primary.id), { is_primary: true, labels: primary.labels });
    await c.api.patch(itemPath(other.id), { is_primary: false, labels: other.labels });
  });
  const ex = await c.api.patch(itemPath(other.id), { is_primary: true, labels: [label] });
  const e = c.expect(ex);
  e.success().body('envelopes/phone-item-patch');
  const d = e.json<{
    data: { id: unknown; envelope: { id: unknown; is_primary: unknown; labels: unknown; phone_number: unknown } };
  }>().data;
  // the spec types data.id as a uuid without naming whose: the item's or the contact's is taken
  if (d.id !== other.id && d.id !== contactId)
    e.fail(`data.id ${other.id} (the item) or ${contactId} (the contact)`, `data.id ${show(d.id)}`);
  if (d.envelope.id !== other.id)
    e.fail(`data.envelope.id ${other.id} (the item)`, `data.envelope.id ${show(d.envelope.id)}`);
  if (d.envelope.is_primary !== true)
    e.fail('data.envelope.is_primary true', `is_primary ${show(d.envelope.is_primary)}`);
  if (!sameLabels(d.envelope.labels, [label]))
    e.fail(`data.envelope.labels ${show([label])}`, `labels ${show(d.envelope.labels)}`);
  if (d.envelope.phone_number !== other.phone_number)
    e.fail(
      `data.envelope.phone_number ${show(other.phone_number)} (unchanged)`,
      `phone_number ${show(d.envelope.phone_number)}`,
    );
  const item = (body: unknown) => {
    const r = recordOf(body);
    return r === undefined ? undefined : phoneItemOf(r, other.id);
  };
  return {
    write: ex,
    params: { contact_id: contactId },
    values: [
      { name: `item ${other.id} is_primary`, sent: true, shown: (b: unknown) => item(b)?.is_primary },
      { name: `item ${other.id} labels`, sent: [label], shown: (b: unknown) => item(b)?.labels, same: sameLabels },
    ],
  };
}

/**
 * "all standard fields optional": a contact of the check's own patched in middle_name alone, then in
 * primary_email alone, each answer judged; read back after the second.
 */
async function oneFieldPatches(c: CheckContext): Promise<Written> {
  const created = await createContact(c);
  const sent = { middle_name: c.faker.person.middleName(), primary_email: uniqueEmail(c.faker, c.runId) };
  let write: Exchange | undefined;
  for (const [name, value] of Object.entries(sent)) {
    write = await c.api.patch(`/contact/${created.id}`, { attributes: { [name]: value } });
    const e = c.expect(write).success();
    if (valueOf(e.data(), name) !== value)
      e.fail(`${name} ${show(value)} in the patch answer`, `${name} ${show(e.data().attributes[name])}`);
  }
  return { write: write!, params: { contact_id: created.id }, values: texts(sent, Object.keys(sent)) };
}

/** The rules the read-back cases judge under (suites/read-backs.checks.ts registers each as a literal). */
export type ReadBackRule =
  | 'contact.get.record'
  | 'contact.patch.partial'
  | 'contact.phone-item.patch'
  | 'contact.accounts.page'
  | 'contact.relationship.post';

/**
 * The read-back cases of every write row with a `readBack`, keyed by the operation table's writes: a row
 * given a read-back without a case here does not compile.
 */
export const READ_BACKS: { readonly [E in ReadBackEndpoint]: ReadonlyArray<ReadBackCase & { rule: ReadBackRule }> } = {
  'POST /contact': [
    {
      rule: 'contact.get.record',
      what: "the run's contact create (every create attribute the spec names)",
      written: async (c) => {
        const { ex, body } = await contactCreated(c);
        const values = [...texts(body.attributes, CONTACT_TEXTS), stageValue(contactStage(c))];
        return { write: ex, params: { contact_id: answeredRecord(ex)?.id ?? '' }, values, read: await contactRead(c) };
      },
    },
  ],
  'PATCH /contact/{contact_id}': [
    {
      rule: 'contact.patch.partial',
      what: 'a patch of first_name, last_name, middle_name, title and primary_email at once',
      written: async (c) => {
        const { created, fields, read } = await contactPatchedAll(c);
        return {
          write: fields.ex,
          params: { contact_id: created.id },
          values: texts(fields.sent, CONTACT_TEXTS),
          read,
        };
      },
    },
    {
      rule: 'contact.patch.partial',
      what: 'a patch of middle_name, then one of primary_email, each answered changed',
      written: oneFieldPatches,
    },
  ],
  'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}': [
    {
      rule: 'contact.phone-item.patch',
      what: 'making a non-primary phone item primary and relabelling it (the answer is { data: { id, envelope } })',
      written: phoneItemPatched,
    },
  ],
  'POST /contact/{contact_id}/relationship/{api_name}': [
    {
      rule: 'contact.accounts.page',
      what: `the ${LINKED_ACCOUNTS} links by related_record_id of the run's contact linked to its accounts`,
      // each link's edge on the first page, or a next page exists (then contact.accounts.paginated's
      // walk judges what following it lost): an edge a listing of one page lacks is this finding alone
      written: async (c) => {
        const { contact, accounts, links } = await contactWithAccounts(c);
        const read = await contactAccountsRead(c);
        const values = accounts.map((a) => edgeTo(a.id));
        return { write: links[0]!, params: { contact_id: contact.id }, values, read };
      },
    },
    {
      rule: 'contact.relationship.post',
      what: 'a link by related_record_match alone, when taken (its shape is not shown)',
      refusalIsLegal: true,
      written: async (c) => {
        const { contactId, account, ex } = await matchAlone(c);
        // which record a match finds is not shown: the edge written is the one the answer names
        const named = (ex.response?.json as { item?: { related_record_id?: unknown } } | undefined)?.item
          ?.related_record_id;
        return {
          write: ex,
          params: { contact_id: contactId },
          values: [edgeTo(typeof named === 'string' ? named : account.id)],
        };
      },
    },
  ],
};
