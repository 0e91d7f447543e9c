import { withBody } from '../../operation-row.js';
import { OPERATIONS } from '../../operations.js';
import type { Rule } from '../../../../lib/catalogue/rule.js';

const EVERY = ['*'] as const;

/** The operations with a request body: the checks of a body go over each (suites/sweeps/request-bodies.ts). */
const WITH_BODY = withBody(OPERATIONS);

export const AUTH_RULES = {
  'auth.missing-401': {
    level: 'MUST',
    section: 'Authentication',
    quote: 'A missing or unacceptable credential yields 401.',
    summary:
      'a request without Authorization, or with a malformed one, answers 401 with the error body on every endpoint family',
    endpoints: EVERY,
  },
  'auth.invalid-key': {
    level: 'MUST',
    section: 'Authentication',
    quote: 'A credential that is rejected as a key yields the code `invalid_api_key`.',
    summary: 'a well-formed Bearer key the server does not know answers 401 with code invalid_api_key',
    endpoints: EVERY,
  },
  'auth.bearer-accepted': {
    level: 'MUST',
    section: 'Authentication',
    quote:
      'Both are satisfied by the request header `Authorization: Bearer <API_KEY>`, where the value is an API key issued to the caller.',
    summary: 'a valid key in Authorization: Bearer is accepted (never 401)',
    endpoints: EVERY,
  },
  'auth.forbidden-403': {
    level: 'MUST',
    section: 'Authentication',
    quote: 'A caller without permission for the operation yields 403.',
    summary: 'the read-only key gets 403 with the error body on every write family, and nothing changes',
    endpoints: EVERY,
  },
  'isolation.other-organization': {
    level: 'MUST',
    section: 'What the service does',
    quote: "Every record is scoped to the caller's organization (`organization_id` attribute).",
    summary:
      "another organization's key never reads, changes or links organization A's records: 404 or 403 with the error body, and the record is unchanged",
    endpoints: EVERY,
  },
} as const satisfies Record<string, Rule>;

export const ERROR_RULES = {
  'error.body': {
    level: 'MUST',
    section: 'Errors',
    quote:
      'Every error response has this body: … | status_code | integer | … | error_type | string | … | code | string | … | message | string | … | details | object or null |',
    summary: 'every 4xx and 5xx carries { status_code, error_type, code, message, details? } with those types',
    endpoints: EVERY,
  },
  'error.status-code-mirrors': {
    level: 'MUST',
    section: 'Errors',
    quote: '| status_code | integer | mirrors the HTTP status |',
    summary: "the error body's status_code equals the HTTP status",
    endpoints: EVERY,
  },
  'error.code-listed': {
    level: 'MUST',
    section: 'Errors',
    quote: '| code | string | machine-readable code from the list below |',
    summary: "the error body's code is one of the codes the spec lists",
    endpoints: EVERY,
  },
  'error.code-listed-no-fit': {
    level: 'MUST',
    section: 'Errors',
    quote: '| code | string | machine-readable code from the list below |',
    summary: 'a 403, 405, 406 or 500, which no listed code names, still carries a code from the list',
    endpoints: EVERY,
    reading: 'strict',
    otherReading:
      'the list covers the statuses it names codes for; a status no listed code fits (403 forbidden, 405 ' +
      "method not allowed, 406 not acceptable, 500 internal error) may carry a code of the server's own",
  },
  'error.details-discriminated': {
    level: 'MUST',
    section: 'Errors',
    quote:
      '| details | object or null | optional; shape depends on `code`, discriminated by the `code` inside details |',
    summary: "details, when an object, carries code equal to the error's code",
    endpoints: EVERY,
  },
  'error.request-validation-details': {
    level: 'MUST',
    section: 'Errors',
    quote:
      '`details` for `request_validation_failed`: `{ loc: array, type: string, all_errors: array, code: "request_validation_failed" }`.',
    summary:
      'a request_validation_failed error whose details is an object carries { loc, type, all_errors, code } (details may be null or absent: "object or null; optional")',
    endpoints: EVERY,
  },
  'error.record-not-found': {
    level: 'MUST',
    section: 'Endpoints',
    quote:
      'Every error response has the error body described under Errors. Path parameters named `*_id` are uuid strings.',
    summary: 'a well-formed id that names no record is answered 4xx with the error body, never 2xx or 5xx',
    endpoints: EVERY,
  },
} as const satisfies Record<string, Rule>;

export const MEDIA_RULES = {
  'media.json-responses': {
    level: 'MUST',
    section: 'What the service does',
    quote: 'All requests and responses use `application/json`.',
    summary: 'every response with a body is Content-Type application/json and parses as JSON',
    endpoints: EVERY,
  },
  'media.unsupported-type-415': {
    level: 'MUST',
    section: 'Errors',
    quote: 'Status codes documented per operation: … 415 unsupported media type …',
    summary:
      'a body sent as a type other than application/json (XML, a form) is refused with the error body: 415 unsupported_media_type, or a validation refusal (request_validation_failed)',
    endpoints: WITH_BODY,
    accepts:
      'an XML or form body cannot be read as JSON: "415 unsupported media type" and a request whose "body ' +
      'fail[s] validation" (request_validation_failed, with its own status) both describe the refusal, so ' +
      'either is taken; anything else, a 2xx above all, is not',
  },
  'media.text-plain-json-415': {
    level: 'MUST',
    section: 'Errors',
    quote:
      'All requests and responses use `application/json`. … Status codes documented per operation: … 415 unsupported media type …',
    summary: 'valid JSON sent with Content-Type text/plain is answered 415 with the error body and changes nothing',
    endpoints: EVERY,
    reading: 'strict',
    otherReading:
      'a server may read a body that is valid JSON as JSON whatever its label; 415 is then for bodies it ' +
      'cannot read as JSON',
  },
  'media.malformed-json': {
    level: 'MUST',
    section: 'Errors',
    quote: '| request_validation_failed | request body or parameters fail validation |',
    summary: 'a malformed JSON body is answered 4xx with the error body and creates nothing',
    endpoints: WITH_BODY,
  },
  'robustness.no-5xx': {
    level: 'MUST',
    section: 'Errors',
    quote: '| request_validation_failed | request body or parameters fail validation |',
    summary:
      'bad uuids, very long strings, wrong JSON types and unicode are answered 2xx or 4xx with the error body, never 5xx',
    endpoints: EVERY,
  },
  'robustness.round-trip': {
    level: 'MUST',
    section: 'Resources and their fields › Typed attribute values',
    quote: '| string | string |',
    summary:
      'unicode and HTML-special characters in string attributes read back exactly as written; a text outside the Basic Multilingual Plane is taken so, or refused with field_value_invalid or request_validation_failed (no repertoire is stated)',
    endpoints: ['POST /contact', 'GET /contact/{contact_id}'],
  },
} as const satisfies Record<string, Rule>;
