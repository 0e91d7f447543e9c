import type { Rule } from '../rule.js';

const EVERY = ['*'] as const;

/**
 * The code the spec names for a condition. The spec maps only some codes to an HTTP status
 * ("Mapping of each code to an HTTP status (except those stated above): not shown"), so these rules
 * judge the code of the rejection, never a status the spec does not state. (unknown_record_type and
 * invalid_cursor are custom-object.unknown-type and pagination.invalid-cursor, which quote their rows.)
 */
export const ERROR_CODE_RULES = {
  'error.code.record-not-found': {
    level: 'MUST',
    section: 'Errors',
    quote: '| record_not_found | record does not exist |',
    summary: 'a rejected read of a well-formed id that names no record carries the code record_not_found',
    endpoints: ['GET /contact/{contact_id}', 'GET /note/{note_id}', 'GET /meeting/{meeting_id}'],
  },
  'error.code.limit-out-of-range': {
    level: 'MUST',
    section: 'Errors',
    quote: '| limit_out_of_range | page limit out of range |',
    summary:
      "a rejected page_size below the stated minimum of 1 (or above the server's maximum) carries the code limit_out_of_range",
    endpoints: ['GET /{custom_object_api_name}/{record_id}/relationship/{api_name}'],
  },
  'error.code.unsupported-media-type': {
    level: 'MUST',
    section: 'Errors',
    quote: '| unsupported_media_type | content type unsupported |',
    summary: 'a body sent as a type other than application/json is rejected with the code unsupported_media_type',
    endpoints: ['POST /contact', 'PATCH /contact/{contact_id}'],
  },
  'error.code.target-record-not-found': {
    level: 'MUST',
    section: 'Errors',
    quote: '| target_record_not_found | relationship target does not exist |',
    summary:
      'a relationship POST whose related_record_id names no record is rejected with the code target_record_not_found',
    endpoints: ['POST /contact/{contact_id}/relationship/{api_name}'],
  },
  'error.code.invalid-target-identifier': {
    level: 'MUST',
    section: 'Errors',
    quote: '| invalid_target_identifier | relationship target identifier invalid |',
    summary:
      'a relationship POST whose related_record_id is not a uuid is rejected with the code invalid_target_identifier',
    endpoints: [
      'POST /contact/{contact_id}/relationship/{api_name}',
      'POST /opportunity/{opportunity_id}/relationship/{api_name}',
    ],
  },
  'error.code.payload-too-large': {
    level: 'MUST',
    section: 'Errors',
    quote: '| payload_too_large | body exceeds size limit |',
    summary:
      'when a large body is answered 413, the error body carries the code payload_too_large (the size limit itself is not shown: observed)',
    endpoints: EVERY,
  },
} as const satisfies Record<string, Rule>;
