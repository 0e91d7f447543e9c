import type { Rule } from '../../../../lib/catalogue/rule.js';
import { OPERATIONS } from '../../operations.js';
import { typedRecordOperations } from '../../typed-records.js';

const SECTION = 'Endpoints › Custom objects';
const UPSERT = 'POST /{custom_object_api_name}/_upsert';
const REL_READ = 'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}';

export const CUSTOM_OBJECT_RULES = {
  'custom-object.upsert.creates': {
    level: 'MUST',
    section: SECTION,
    quote:
      '| POST | /{custom_object_api_name}/_upsert | JSON `{ attributes: {...}, match: { field: string, value: <any> } }` | `{ data: record, meta: { matched_on: object } }` |',
    summary:
      'an upsert with a new match value answers { data: record, meta: { matched_on } } with the record holding the attributes',
    endpoints: [UPSERT],
  },
  'custom-object.upsert.updates-match': {
    level: 'MUST',
    section: SECTION,
    quote: '`{ attributes: {...}, match: { field: string, value: <any> } }`',
    summary: 'a second upsert with the same match value updates that record (same id) rather than making another',
    endpoints: [UPSERT],
  },
  'custom-object.upsert.concurrent': {
    level: 'MUST',
    section: 'Errors',
    quote: '| concurrent_upsert_conflict | concurrent upsert collision |',
    summary:
      'concurrent upserts with one match value never leave two records: each answers the same record or an error body',
    endpoints: [UPSERT],
  },
  'custom-object.upsert.missing-match-key': {
    level: 'MUST',
    section: 'Errors',
    quote: '| missing_match_key | match key missing |',
    summary:
      'an upsert without match, or with a match missing its field or its value, is rejected with code missing_match_key (a match missing its value: or request_validation_failed)',
    endpoints: [UPSERT],
    accepts:
      'a match without its value is "match key missing" read loosely, and a body that breaks the stated ' +
      '`match: { field: string, value: <any> }`: either code is taken for it',
  },
  'custom-object.upsert.match-any-value': {
    level: 'MUST',
    section: SECTION,
    quote: '`{ attributes: {...}, match: { field: string, value: <any> } }`',
    summary:
      'an upsert whose match value is a number, an object or an array (any JSON type) is a stated body: answered 2xx with { data, meta: { matched_on } } or refused with the error body, never 5xx (whether such a value matches is not shown)',
    endpoints: [UPSERT],
  },
  'custom-object.upsert.invalid-matching-field': {
    level: 'MUST',
    section: 'Errors',
    quote: '| invalid_matching_field | match field invalid |',
    summary:
      'an upsert matching on an attribute the object does not have is rejected with code invalid_matching_field or unknown_field',
    endpoints: [UPSERT],
    accepts:
      'a match field that names no attribute of the object is both "match field invalid" and "an attribute ' +
      'name is not known": either code is taken',
  },
  'custom-object.unknown-field': {
    level: 'MUST',
    section: 'Errors',
    quote: '| unknown_field | an attribute name is not known; details name the offending field |',
    summary:
      'an upsert writing an attribute the custom object does not have is rejected with code unknown_field and details naming it, and makes no record',
    endpoints: [UPSERT],
  },
  'custom-object.record-type': {
    level: 'MUST',
    section: 'Resources and their fields › Record envelope (all record responses)',
    quote: 'Custom-object records also carry `record_type` (a string) and the envelope fields above.',
    summary: "a custom-object record's record_type is its api_name",
    endpoints: [UPSERT, 'PATCH /{custom_object_api_name}/{record_id}'],
  },
  'custom-object.patch.record': {
    level: 'MUST',
    section: SECTION,
    quote: '| PATCH | /{custom_object_api_name}/{record_id} | JSON `{ attributes }` | `{ data: record }` |',
    summary: 'PATCH answers { data: record } with the change, other attributes unchanged',
    endpoints: ['PATCH /{custom_object_api_name}/{record_id}'],
  },
  'custom-object.delete.archives': {
    level: 'MUST',
    section: SECTION,
    quote: '| DELETE | /{custom_object_api_name}/{record_id} | none | archives the record |',
    summary: 'DELETE answers 2xx; where the server lets the record be read, it shows a non-null archived_at',
    endpoints: ['DELETE /{custom_object_api_name}/{record_id}'],
  },
  'custom-object.unknown-type': {
    level: 'MUST',
    section: 'Errors',
    quote: '| unknown_record_type | record type unknown |',
    summary:
      'an api_name with the cus_obj__ prefix that names no custom object of the workspace is answered with the error body, never 2xx: an upsert with the code unknown_record_type; a patch, a DELETE or a relationship read of a record id under it (a real record of another type included) with unknown_record_type or record_not_found, the record unchanged and its edges unshown',
    // the upsert, and every operation naming a record under a custom object's api_name (the table's rows)
    endpoints: [UPSERT, ...typedRecordOperations(OPERATIONS)],
    accepts:
      'a PATCH, DELETE or read of /{unknown api_name}/{id} names a type that does not exist and so a record that does not ' +
      'exist: "record type unknown" and "record does not exist" both fit, and either code is taken. An ' +
      'upsert names no record, so only unknown_record_type fits it',
  },
  'pagination.page-shape': {
    level: 'MUST',
    section: SECTION,
    quote:
      '| GET | /{custom_object_api_name}/{record_id}/relationship/{api_name} | query: `cursor` (string or null), `page_size` (integer, default 50, minimum 1) | `{ count: integer, next_cursor: string or null, parent, api_name, items: [relationship item] }` |',
    summary: 'the custom-object relationship read answers the page shape',
    endpoints: [REL_READ],
  },
  'pagination.page-size-honoured': {
    level: 'MUST',
    section: 'Limits',
    quote: '| page_size on relationship reads | default 50, minimum 1 |',
    summary: 'a page never holds more items than the page_size asked for',
    endpoints: [REL_READ],
  },
  'pagination.page-size-minimum': {
    level: 'MUST',
    section: 'Limits',
    quote: '| page_size on relationship reads | default 50, minimum 1 |',
    summary: 'page_size below 1 is rejected with the error body',
    endpoints: [REL_READ],
  },
  'pagination.cursor-walk': {
    level: 'MUST',
    section: SECTION,
    quote: '`{ count: integer, next_cursor: string or null, parent, api_name, items: [relationship item] }`',
    summary: 'following next_cursor visits every edge exactly once and ends with next_cursor null',
    endpoints: [REL_READ],
  },
  'pagination.page-size-default': {
    level: 'MUST',
    section: 'Limits',
    quote: '| page_size on relationship reads | default 50, minimum 1 |',
    summary: 'a relationship read without page_size pages as page_size=50 does: at most 50 items, the same first page',
    endpoints: [REL_READ],
  },
  'pagination.invalid-cursor': {
    level: 'MUST',
    section: 'Errors',
    quote: '| invalid_cursor | cursor invalid |',
    summary:
      'a cursor the server never issued is rejected with the error body (4xx) and the code invalid_cursor, never a 5xx',
    endpoints: [REL_READ],
  },
} as const satisfies Record<string, Rule>;
