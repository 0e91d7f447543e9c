import type { Rule } from '../../../../lib/catalogue/rule.js';

const SECTION = 'Endpoints › Contacts';

export const CONTACT_RULES = {
  'contact.create.status-201': {
    level: 'MUST',
    section: SECTION,
    quote:
      '| POST | /contact | JSON `{ attributes }` (required; stage required inside) | 201, `{ data: contact record }` |',
    summary: 'POST /contact with a valid body answers 201 and { data: contact record }',
    endpoints: ['POST /contact'],
  },
  'contact.create.stage-required': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote: '| stage | required on create; values are workspace-specific |',
    summary: 'a contact create without stage is rejected with the error body and creates nothing',
    endpoints: ['POST /contact'],
  },
  'contact.display-name.derived': {
    level: 'MUST',
    section: 'Resources and their fields › Contact attributes (response)',
    quote: 'display_name (string; derived by the server from first and last name; not writable)',
    summary: 'display_name is derived from first_name and last_name, on create and after a patch of either',
    endpoints: ['POST /contact', 'PATCH /contact/{contact_id}'],
  },
  'contact.display-name.not-writable': {
    level: 'MUST',
    section: 'Endpoints › Contacts',
    quote: 'all standard fields optional; display_name is not patchable',
    summary: 'a display_name sent on create or patch is never stored: rejected with the error body, or ignored',
    endpoints: ['POST /contact', 'PATCH /contact/{contact_id}'],
  },
  'contact.get.record': {
    level: 'MUST',
    section: SECTION,
    quote: '| GET | /contact/{contact_id} | none | `{ data: contact record }` |',
    summary: 'GET /contact/{id} answers 2xx with { data: contact record } holding what was written',
    endpoints: ['GET /contact/{contact_id}'],
  },
  'contact.patch.partial': {
    level: 'MUST',
    section: SECTION,
    quote:
      '| PATCH | /contact/{contact_id} | JSON `{ attributes }`; all standard fields optional; display_name is not patchable | `{ data: contact record }` |',
    summary: 'PATCH changes only the attributes sent, answers { data: contact record }, and the change persists',
    endpoints: ['PATCH /contact/{contact_id}'],
  },
  'contact.no-inline-relationships': {
    level: 'MUST',
    section: 'Endpoints › Contacts › Rules',
    quote:
      '1. The body of create and patch carries `attributes` only; there is no inline `relationships` block. Associations are made afterwards through the relationship endpoints.',
    summary:
      'a create or patch body with a relationships block is rejected with the error body and makes no record or edge',
    endpoints: ['POST /contact', 'PATCH /contact/{contact_id}'],
    reading: 'strict',
    otherReading:
      'like "no other top-level keys" (write.attributes-only), the sentence describes the body a client ' +
      'sends and where associations are made; a server may ignore a relationships block rather than refuse it, ' +
      'provided it makes no edge from it',
  },
  'contact.unknown-field': {
    level: 'MUST',
    section: 'Errors',
    quote: '| unknown_field | an attribute name is not known; details name the offending field |',
    summary: 'an unknown attribute is rejected with code unknown_field and details naming it',
    endpoints: ['POST /contact', 'PATCH /contact/{contact_id}'],
  },
  'contact.phone-item.patch': {
    level: 'MUST',
    section: SECTION,
    quote:
      '| PATCH | /contact/{contact_id}/attribute/contact_phone_numbers/{item_id} | JSON with optional `is_primary` (boolean) and `labels` (array of PERSONAL, WORK, MOBILE); phone_number is immutable and absent | `{ data: { id: uuid, envelope: { id, is_primary, labels, plus the channel value } } }` |',
    summary:
      "patching a phone item's is_primary and labels answers { data: { id, envelope } } and the contact shows the change",
    endpoints: ['PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}'],
  },
  'contact.phone-item.is-primary-boolean': {
    level: 'MUST',
    section: SECTION,
    quote: 'JSON with optional `is_primary` (boolean)',
    summary:
      'a phone item patch with a non-boolean is_primary ("true", 1) is rejected with the error body and the item is unchanged',
    endpoints: ['PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}'],
  },
  'contact.phone-item.labels': {
    level: 'MUST',
    section: 'Resources and their fields › Contact attributes (response)',
    quote: 'Contact phone and email item `labels` values (enum): `PERSONAL`, `WORK`, `MOBILE`.',
    summary: 'a phone item label outside PERSONAL, WORK, MOBILE is rejected and not stored',
    endpoints: ['PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}'],
  },
  'contact.phone-item.number-immutable': {
    level: 'MUST',
    section: SECTION,
    quote: 'phone_number is immutable and absent',
    summary:
      'a phone item patch carrying phone_number leaves the number unchanged (refused with the error body, or the field ignored)',
    endpoints: ['PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}'],
  },
  'contact.phone-item.last-primary': {
    level: 'MUST',
    section: 'Errors',
    quote: '| cannot_remove_last_primary | the last primary item of a multi-valued attribute cannot be removed |',
    summary:
      'a patch making the only primary phone item non-primary (is_primary false) is refused with the error body, and the item stays primary',
    endpoints: ['PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}'],
    reading: 'strict',
    otherReading:
      '"removed" is the item deleted: un-flagging the only primary item leaves it in place, so a server may ' +
      'take the patch and leave the contact with no primary phone item',
  },
  'contact.relationship.post': {
    level: 'MUST',
    section: SECTION,
    quote:
      '| POST | /contact/{contact_id}/relationship/{api_name} | JSON with exactly one of `related_record_id` (uuid) or `related_record_match` | `{ parent: ParentRef, api_name: string, item: relationship item }` |',
    summary: 'linking a contact answers { parent, api_name, item } naming the contact, the api_name and the target',
    endpoints: ['POST /contact/{contact_id}/relationship/{api_name}'],
  },
  'relationship.post.exactly-one-target': {
    level: 'MUST',
    section: 'Endpoints › Contacts › Rules',
    quote:
      '3. On a relationship POST, sending both or neither of `related_record_id` and `related_record_match` is rejected and reported as `field_value_invalid`.',
    summary: 'both or neither target key is rejected with code field_value_invalid and makes no edge',
    endpoints: [
      'POST /contact/{contact_id}/relationship/{api_name}',
      'POST /opportunity/{opportunity_id}/relationship/{api_name}',
    ],
  },
  'relationship.contact-account-association': {
    level: 'MUST',
    section: 'Endpoints › Contacts › Rules',
    quote:
      "2. Linking a contact to an opportunity requires the contact to be on that opportunity's account. Otherwise the response is 409 with code `contact_account_association_required`.",
    summary:
      "a contact not on the opportunity's account gets 409 contact_account_association_required; once on it, the link succeeds",
    endpoints: [
      'POST /contact/{contact_id}/relationship/{api_name}',
      'POST /opportunity/{opportunity_id}/relationship/{api_name}',
    ],
  },
  'contact.accounts.page': {
    level: 'MUST',
    section: SECTION,
    quote:
      '| GET | /contact/{contact_id}/relationship/accounts | none | paginated `{ count: integer, next_cursor: string or null, parent, api_name, items: [relationship item] }` |',
    summary: 'the contact-accounts read answers the page shape and lists the linked account',
    endpoints: ['GET /contact/{contact_id}/relationship/accounts'],
  },
  'contact.accounts.through': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote:
      'for contact-to-account edges, attributes holds `role` (string-typed value) and `is_primary` (boolean-typed value)',
    summary: "a contact-to-account item's through.attributes holds role (string-typed) and is_primary (boolean-typed)",
    endpoints: [
      'GET /contact/{contact_id}/relationship/accounts',
      'POST /contact/{contact_id}/relationship/{api_name}',
    ],
  },
  'contact.accounts.paginated': {
    level: 'MUST',
    section: SECTION,
    quote: 'paginated `{ count: integer, next_cursor: string or null, parent, api_name, items: [relationship item] }`',
    summary:
      'the pages of the contact-accounts read, followed by next_cursor while the server takes it, list every linked account once, and end',
    endpoints: ['GET /contact/{contact_id}/relationship/accounts'],
    accepts:
      'the read\'s query parameters are "not shown": next_cursor is followed as `cursor` (the name the ' +
      'custom-object read states), and a server that refuses that parameter with the error body, or answers ' +
      'the first page again, takes its cursor some other way: the walk stops there, recorded, not judged',
  },
} as const satisfies Record<string, Rule>;
