import type { Rule } from '../../../../lib/catalogue/rule.js';

/**
 * Generated cases (suites/generated.checks.ts): fast-check writes many bodies where a hand-written
 * check writes one. Each rule generalises stated rules and quotes the sentence they rest on.
 */
export const GENERATED_RULES = {
  'generated.write-round-trip': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote:
      'Each attribute may be written in either form, and null may be sent where the schema allows it: 1. Raw value, for example a plain string. 2. Enveloped value `{ value_type, value }`, the same shape reads emit.',
    summary:
      'generated writes (random subsets of the attributes the spec names as writable, each raw or enveloped, unicode, empty and long strings) answered 2xx read back every written value unchanged; a refusal carries the error body and only meets an empty string, one past 40 characters or one outside the Basic Multilingual Plane (limits and repertoire: not shown); never a 5xx (generalises write.raw-value, write.enveloped-value, robustness.round-trip)',
    endpoints: [
      'PATCH /contact/{contact_id}',
      'GET /contact/{contact_id}',
      'POST /account',
      'PATCH /{custom_object_api_name}/{record_id}',
    ],
  },
  'generated.mutation-refused': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote:
      'Request bodies are `{ attributes: {...} }` with no other top-level keys, except upsert (`attributes` plus `match`).',
    summary:
      'a valid contact create or patch with exactly one stated-invalid mutation (attributes not an object, another top-level key, a relationships block, an unknown attribute, no stage on create) is answered 4xx with the error body: never 2xx, never 5xx (generalises write.attributes-only, contact.no-inline-relationships, contact.unknown-field, contact.create.stage-required)',
    endpoints: ['POST /contact', 'PATCH /contact/{contact_id}'],
  },
  'generated.model-sequence': {
    level: 'MUST',
    section: 'Endpoints › Contacts',
    quote:
      '| PATCH | /contact/{contact_id} | JSON `{ attributes }`; all standard fields optional; display_name is not patchable | `{ data: contact record }` |',
    summary:
      "random sequences of contact creates, patches and reads, account creates, links and archives, opportunity creates and links agree with a model of the stated behaviour: every answer and read shows the last value written to each attribute, a contact links to an opportunity exactly when it is on the opportunity's account (else 409 contact_account_association_required), and an account's first DELETE answers 2xx; what follows an archive is not shown, so any legal answer is taken and followed (generalises contact.patch.partial, relationship.contact-account-association and account.delete.archives)",
    endpoints: [
      'POST /contact',
      'PATCH /contact/{contact_id}',
      'GET /contact/{contact_id}',
      'POST /account',
      'DELETE /account/{account_id}',
      'POST /contact/{contact_id}/relationship/{api_name}',
      'POST /opportunity',
      'POST /opportunity/{opportunity_id}/relationship/{api_name}',
    ],
  },
  'generated.phone-item-sequence': {
    level: 'MUST',
    section: 'Endpoints › Contacts',
    quote:
      '| PATCH | /contact/{contact_id}/attribute/contact_phone_numbers/{item_id} | JSON with optional `is_primary` (boolean) and `labels` (array of PERSONAL, WORK, MOBILE); phone_number is immutable and absent | `{ data: { id: uuid, envelope: { id, is_primary, labels, plus the channel value } } }` |',
    summary:
      "random sequences of phone item patches (the primary flag moved, labels changed, either or both) and contact reads agree with a model: each answer and read shows the item's last labels, its unchanged phone_number, and is_primary true for the item just made primary and unchanged by a patch that does not send it; whether a move demotes the other items is not shown, so the model takes the server's answer and holds it to it (generalises contact.phone-item.patch)",
    endpoints: ['PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}', 'GET /contact/{contact_id}'],
  },
  'generated.upsert-sequence': {
    level: 'MUST',
    section: 'Endpoints › Custom objects',
    quote:
      '| POST | /{custom_object_api_name}/_upsert | JSON `{ attributes: {...}, match: { field: string, value: <any> } }` | `{ data: record, meta: { matched_on: object } }` |',
    summary:
      "random sequences of upserts over a few match values of the run (each upserted more than once), patches and archives of the custom object agree with a model: an upsert with a match value a record holds answers that record (same id) with the change, every answer shows the last value written, a record's first DELETE answers 2xx; what an upsert, patch or DELETE does to an archived record is not shown, so any legal answer is taken and followed (generalises custom-object.upsert.updates-match, custom-object.patch.record and custom-object.delete.archives)",
    endpoints: [
      'POST /{custom_object_api_name}/_upsert',
      'PATCH /{custom_object_api_name}/{record_id}',
      'DELETE /{custom_object_api_name}/{record_id}',
    ],
  },
} as const satisfies Record<string, Rule>;
