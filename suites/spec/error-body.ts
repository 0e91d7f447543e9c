import type { ExchangeResponse } from '../../lib/http/exchange.js';
import { shortText } from '../../lib/util/short-text.js';
import { show } from '../../lib/check/show.js';
import { validate } from './schemas/index.js';
import { allInWords } from './schema-words.js';
import { bodyShape } from '../../lib/check/body-shape.js';
import { isErrorCode } from './schemas/errors/codes.js';
import type { Violation } from '../../lib/check/outcome.js';

const EXPECTED = 'the error body { status_code, error_type, code, message, details }';
const NOT_IT = "not the spec's error body";
/** The schema of request_validation_failed's details, as a problem's schemaPath names it. */
const RVF_DETAILS = '/errors/request-validation-failed-details';
/** Fields of the error body no other common error shape has: a body with neither is another shape altogether. */
const ERROR_OWN = ['status_code', 'error_type'] as const;

/** What kind of body, without its size: `a body that is not JSON`, `an empty body`. */
function shapeKind(shape: string): string {
  return shape.replace(/ \(\d+ characters\)$/, '');
}

/**
 * Statuses the spec documents that no listed code names (401 has invalid_api_key, 415 unsupported_media_type, …):
 * 403 forbidden, 405 method not allowed, 406 not acceptable, and 500 internal error (no listed code means
 * "internal"; the run meets a 500 wherever its error answers do, not only where a check provokes one).
 */
const NO_FITTING_CODE: readonly number[] = [403, 405, 406, 500];

/**
 * "Status codes documented per operation: 400 validation, 401 unauthenticated, 403 forbidden, 404 not
 * found, 405 method not allowed, 406 not acceptable, 409 conflict, 413 payload too large, 415
 * unsupported media type, 422 unprocessable, 429 rate limited, 500 internal error."
 */
export const DOCUMENTED_ERROR_STATUSES: readonly number[] = [
  400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 429, 500,
];

/**
 * The error body's rules on any answer of the run (suites/spec/judges.ts `errorAnswer`): "Every error
 * response has this body", on each status the spec documents. Another status (a 502 or 503 of a proxy in
 * front, a 431 of the HTTP layer) is no answer the spec describes: not judged here, as no check provokes one.
 */
export function errorAnswerViolations(r: ExchangeResponse): Violation[] | undefined {
  return DOCUMENTED_ERROR_STATUSES.includes(r.status) ? errorBodyViolations(r) : undefined;
}

/** Every broken error-body rule of one error response, most basic first. */
export function errorBodyViolations(r: ExchangeResponse): Violation[] {
  const out: Violation[] = [];
  const type = r.headers['content-type'] ?? '(none)';
  if (!/^application\/json\b/i.test(type))
    out.push({
      rule: 'media.json-responses',
      expected: 'Content-Type application/json',
      actual: `Content-Type ${type}`,
    });
  const body = r.json;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    const shape = bodyShape(r);
    out.push({ rule: 'error.body', expected: EXPECTED, actual: shape, problem: `${NOT_IT}: ${shapeKind(shape)}` });
    return out;
  }
  if (!ERROR_OWN.some((k) => Object.hasOwn(body, k))) {
    // not the error body at all (a web framework's own, say): one cause, under error.body; its code,
    // status and details are no error body's, so no rule of the error body's fields judges them
    const keys = Object.keys(body).map((k) => shortText(k));
    out.push({
      rule: 'error.body',
      expected: EXPECTED,
      actual: `a body of another shape, with none of ${ERROR_OWN.join(', ')}: ${show(body)}`,
      problem: `${NOT_IT}: an object with keys ${keys.join(', ')}`,
      at: '',
    });
    return out;
  }
  // the code is error.code-listed's; the stated shape of request_validation_failed's details is
  // error.request-validation-details' (the schema's allOf): one cause, one rule
  const problems = validate('errors/error-body', body).filter(
    (p) =>
      !p.path.startsWith('/code') &&
      !(p.schemaPath ?? '').startsWith('#/allOf/') &&
      !(p.schemaPath ?? '').includes(RVF_DETAILS),
  );
  const words = allInWords(problems, body);
  if (words.length > 0) {
    out.push({
      rule: 'error.body',
      expected: 'the error body { status_code: integer, error_type, code, message: string, details: object|null }',
      actual: words.map((w) => w.text).join('; '),
      problem: words.map((w) => w.problem).join('; '),
      at: problems[0]!.path,
    });
  }
  const e = body as ErrorFields;
  if (typeof e.status_code === 'number' && e.status_code !== r.status) {
    out.push({
      rule: 'error.status-code-mirrors',
      expected: `status_code ${r.status} (the HTTP status)`,
      actual: `status_code ${e.status_code}`,
      at: '/status_code',
    });
  }
  if (typeof e.code === 'string' && !isErrorCode(e.code)) {
    // no listed code names 403, 405, 406 or 500: that the list still binds there is one reading of two
    const rule = NO_FITTING_CODE.includes(r.status) ? 'error.code-listed-no-fit' : 'error.code-listed';
    out.push({ rule, expected: "a code from the spec's list", actual: `code ${shortText(e.code)}`, at: '/code' });
  }
  // details is "object or null; optional": a request_validation_failed without it conforms
  return [...out, ...detailsViolations(e)];
}

interface ErrorFields {
  status_code?: unknown;
  code?: unknown;
  details?: unknown;
}

/** The rules of `details`, when it is an object: discriminated by its own code, and its shape for validation. */
function detailsViolations(e: ErrorFields): Violation[] {
  if (e.details === null || typeof e.details !== 'object' || Array.isArray(e.details)) return [];
  const out: Violation[] = [];
  const inner = (e.details as { code?: unknown }).code;
  if (inner !== e.code)
    out.push({
      rule: 'error.details-discriminated',
      expected: `details.code ${show(e.code)}`,
      actual: `details.code ${show(inner)}`,
      at: '/details/code',
    });
  if (e.code === 'request_validation_failed') {
    const dp = validate('errors/request-validation-failed-details', e.details);
    const words = allInWords(dp, e.details).map((w) => ({
      text: `details: ${w.text}`,
      problem: `details: ${w.problem}`,
    }));
    if (words.length > 0)
      out.push({
        rule: 'error.request-validation-details',
        expected: 'details { loc: array, type: string, all_errors: array, code }',
        actual: words.map((w) => w.text).join('; '),
        problem: words.map((w) => w.problem).join('; '),
        at: `/details${dp[0]!.path}`,
      });
  }
  return out;
}
