import type { Rule } from '../../../../lib/catalogue/rule.js';
import { withAttributes } from '../../operation-row.js';
import { OPERATIONS } from '../../operations.js';

const WRITES = [
  'POST /contact',
  'PATCH /contact/{contact_id}',
  'POST /account',
  'POST /opportunity',
  'PATCH /task/{task_id}',
  'POST /{custom_object_api_name}/_upsert',
  'PATCH /{custom_object_api_name}/{record_id}',
] as const;

/** Write request attribute forms. */
export const WRITE_RULES = {
  'write.unknown-field': {
    level: 'MUST',
    section: 'Errors',
    quote: '| unknown_field | an attribute name is not known; details name the offending field |',
    summary:
      'a write naming an attribute the record type does not have is rejected with the code unknown_field and details naming it, on every operation whose body carries attributes (contacts and the upsert: contact.unknown-field, custom-object.unknown-field)',
    endpoints: withAttributes(OPERATIONS),
  },
  'write.raw-value': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote:
      'Each attribute may be written in either form, and null may be sent where the schema allows it: 1. Raw value, for example a plain string.',
    summary: 'an attribute written as a raw value is accepted and read back as written',
    // every write whose body carries attributes, in each form (suites/spec/write-attributes.ts)
    endpoints: withAttributes(OPERATIONS),
  },
  'write.enveloped-value': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote: '2. Enveloped value `{ value_type, value }`, the same shape reads emit.',
    summary: 'an attribute written as an enveloped { value_type, value } is accepted and read back as written',
    // every write whose body carries attributes, in each form (suites/spec/write-attributes.ts)
    endpoints: withAttributes(OPERATIONS),
  },
  'write.null': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote: 'null may be sent where the schema allows it',
    summary:
      'a null the server accepts clears the attribute (a server whose schema disallows null may reject it with the error body)',
    endpoints: WRITES,
  },
  'write.attributes-only': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote:
      'Request bodies are `{ attributes: {...} }` with no other top-level keys, except upsert (`attributes` plus `match`).',
    summary: 'a body with another top-level key is rejected with the error body and changes nothing',
    endpoints: WRITES,
    reading: 'strict',
    otherReading:
      'the sentence describes the body a client sends; a server may ignore other top-level keys ' +
      'rather than refuse them',
  },
  'write.attributes-object': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote:
      'Request bodies are `{ attributes: {...} }` with no other top-level keys, except upsert (`attributes` plus `match`).',
    summary:
      'a create or patch whose attributes is not an object (an array) is refused with the error body, and makes or changes nothing',
    endpoints: ['POST /contact', 'PATCH /contact/{contact_id}'],
  },
  'write.stage-by-name': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote: 'A string is taken as a stage api_name or display name.',
    summary: 'a stage or other select written as a plain string is resolved by api_name and by display name',
    endpoints: [
      'POST /contact',
      'PATCH /contact/{contact_id}',
      'POST /opportunity',
      'POST /account',
      'POST /{custom_object_api_name}/_upsert',
    ],
  },
  'write.stage-enveloped': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote:
      'An enveloped select is `{ value_type: select, value: { api_name } }` or `{ value_type: select, value: { id } }`.',
    summary: 'a stage or other select written as an enveloped select by api_name or by id is resolved to that option',
    endpoints: [
      'POST /contact',
      'PATCH /contact/{contact_id}',
      'POST /opportunity',
      'POST /account',
      'POST /{custom_object_api_name}/_upsert',
    ],
  },
  'write.select-list-id': {
    level: 'MUST',
    section: 'Resources and their fields › Write request attribute forms',
    quote:
      '`select_list_id` (uuid) is optional in the option reference. Send it only to disambiguate when the same option name exists in more than one select list, for example an opportunity stage shared across pipelines.',
    summary:
      'an option reference with select_list_id resolves to the option of that select list; without it a unique option still resolves',
    endpoints: ['POST /opportunity'],
  },
} as const satisfies Record<string, Rule>;
