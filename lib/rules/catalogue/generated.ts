import type { Rule } from '../rule.js';

/**
 * Generated cases (suites/generated.test.ts): fast-check writes many bodies where a hand-written
 * check writes one. Each rule generalises stated rules and quotes the sentence they rest on.
 */
export const GENERATED_RULES = {
  'generated.write-round-trip': {
    level: 'MUST', section: 'Resources and their fields › Write request attribute forms',
    quote: 'Each attribute may be written in either form, and null may be sent where the schema allows it: 1. Raw value, for example a plain string. 2. Enveloped value `{ value_type, value }`, the same shape reads emit.',
    summary: 'generated writes (random subsets of the attributes the spec names as writable, each raw or enveloped, unicode, empty and long strings) answered 2xx read back every written value unchanged; a refusal carries the error body and only meets an empty or long string (limits: not shown); never a 5xx (generalises write.raw-value, write.enveloped-value, robustness.round-trip)',
    endpoints: ['PATCH /contact/{contact_id}', 'GET /contact/{contact_id}', 'POST /account', 'PATCH /{custom_object_api_name}/{record_id}'],
  },
  'generated.mutation-refused': {
    level: 'MUST', section: 'Resources and their fields › Write request attribute forms',
    quote: 'Request bodies are `{ attributes: {...} }` with no other top-level keys, except upsert (`attributes` plus `match`).',
    summary: 'a valid contact create or patch with exactly one stated-invalid mutation (attributes not an object, another top-level key, a relationships block, an unknown attribute, no stage on create) is answered 4xx with the error body: never 2xx, never 5xx (generalises write.attributes-only, contact.no-inline-relationships, contact.unknown-field, contact.create.stage-required)',
    endpoints: ['POST /contact', 'PATCH /contact/{contact_id}'],
  },
  'generated.model-sequence': {
    level: 'MUST', section: 'Endpoints › Contacts',
    quote: '| PATCH | /contact/{contact_id} | JSON `{ attributes }`; all standard fields optional; display_name is not patchable | `{ data: contact record }` |',
    summary: 'random sequences of contact creates, patches and reads, account creates and links, opportunity creates and links agree with a model of the stated behaviour: every answer and read shows the last value written to each attribute, and a contact links to an opportunity exactly when it is on the opportunity\'s account (else 409 contact_account_association_required; generalises contact.patch.partial and relationship.contact-account-association)',
    endpoints: ['POST /contact', 'PATCH /contact/{contact_id}', 'GET /contact/{contact_id}', 'POST /account', 'POST /contact/{contact_id}/relationship/{api_name}', 'POST /opportunity', 'POST /opportunity/{opportunity_id}/relationship/{api_name}'],
  },
} as const satisfies Record<string, Rule>;
