import { withBody, withMatch } from '../../operation-row.js';
import { OPERATIONS } from '../../operations.js';
import type { Rule } from '../../../../lib/catalogue/rule.js';

/**
 * The code the spec names for a condition. The spec maps only some codes to an HTTP status
 * ("Mapping of each code to an HTTP status (except those stated above): not shown"), so these rules
 * judge the code of the rejection, never a status the spec does not state. (unknown_record_type and
 * invalid_cursor are custom-object.unknown-type and pagination.invalid-cursor, which quote their rows.)
 *
 * Where two listed codes fit one request, the rule accepts both and says so (`accepts`). The audit of
 * every code rule: a code naming the condition itself is required where no other listed code names it
 * too, and `request_validation_failed` ("request body or parameters fail validation") is the code of
 * a request no more specific row describes, so it stands beside a specific code only where the request
 * breaks a stated type or range of a parameter or cannot be read as JSON at all (page_size=0, an XML
 * body). Required alone: record_not_found for a read of a known type (unknown_record_type names a type
 * the path does not have), target_record_not_found for a well-formed id naming no record (its own row
 * narrows "record does not exist" to the relationship target, and a well-formed id is no invalid
 * identifier), missing_match_key, invalid_cursor (a cursor is any string; only its meaning is wrong),
 * unknown_field for a contact attribute, payload_too_large, invalid_api_key, field_value_invalid where
 * the spec names it (both or neither relationship target keys), contact_account_association_required.
 * Accepted in pairs: see limit-out-of-range, unsupported-media-type, invalid-target-identifier here,
 * and custom-object.unknown-type, custom-object.upsert.invalid-matching-field and
 * media.unsupported-type-415.
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
      "a rejected page_size below the stated minimum of 1, or above the server's own maximum, carries the code limit_out_of_range or request_validation_failed",
    endpoints: ['GET /{custom_object_api_name}/{record_id}/relationship/{api_name}'],
    accepts:
      'page_size=0 breaks the stated minimum of a query parameter ("integer, default 50, minimum 1"): ' +
      '"page limit out of range" and "request body or parameters fail validation" both describe it, so ' +
      "either code is taken; above a maximum (not shown, so the server's own) a server may hold page_size to a " +
      'bound of its query schema just as well, so either code is taken there too',
  },
  'error.code.unsupported-media-type': {
    level: 'MUST',
    section: 'Errors',
    quote: '| unsupported_media_type | content type unsupported |',
    summary:
      'a body sent as a type other than application/json is rejected with the code unsupported_media_type or request_validation_failed',
    endpoints: ['POST /contact', 'PATCH /contact/{contact_id}'],
    accepts:
      'a body the server will not read as JSON: "content type unsupported" and "request body or parameters ' +
      'fail validation" both describe its refusal, so either code is taken (a 2xx is media.text-plain-json-415\'s to judge)',
  },
  'error.code.target-record-not-found': {
    level: 'MUST',
    section: 'Errors',
    quote: '| target_record_not_found | relationship target does not exist |',
    summary:
      'a relationship POST whose related_record_id names no record is rejected with the code target_record_not_found',
    endpoints: ['POST /contact/{contact_id}/relationship/{api_name}'],
  },
  'error.code.ambiguous-match': {
    level: 'MUST',
    section: 'Errors',
    quote: '| ambiguous_match | match finds more than one record |',
    summary:
      "on every operation that takes a match, once the run has shown its match finding the one record it names (a related_record_match alone linking it; an upsert of a match value alone answering the record holding it), a match naming two records of the run (two accounts, or two contacts on the opportunity's account, of one display_name; two custom-object records, one patched to the other's match value) is rejected with the code ambiguous_match (not applicable, with the answers, where the server refused the match alone or the second record of that value)",
    endpoints: withMatch(OPERATIONS),
  },
  'error.code.invalid-target-identifier': {
    level: 'MUST',
    section: 'Errors',
    quote: '| invalid_target_identifier | relationship target identifier invalid |',
    summary:
      'a relationship POST whose related_record_id is not a uuid is rejected with the code invalid_target_identifier or target_record_not_found',
    endpoints: [
      'POST /contact/{contact_id}/relationship/{api_name}',
      'POST /opportunity/{opportunity_id}/relationship/{api_name}',
    ],
    accepts:
      'a target that is not a uuid is both an invalid identifier ("relationship target identifier invalid") ' +
      'and a target that does not exist ("relationship target does not exist"): either code is taken',
  },
  'error.code.payload-too-large': {
    level: 'MUST',
    section: 'Errors',
    quote: '| payload_too_large | body exceeds size limit |',
    summary:
      'when a large body is answered 413, the error body carries the code payload_too_large (the size limit itself is not shown: observed)',
    endpoints: withBody(OPERATIONS),
  },
} as const satisfies Record<string, Rule>;
