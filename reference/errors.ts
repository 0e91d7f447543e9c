import type { Profile } from './profile.js';

/** Every error code the spec lists; the reference server emits no other. */
export type ErrorCode =
  | 'request_validation_failed'
  | 'unknown_field'
  | 'field_required_missing'
  | 'field_value_invalid'
  | 'field_not_writable'
  | 'field_not_creatable'
  | 'field_not_updatable'
  | 'cannot_remove_last_primary'
  | 'sub_resource_not_supported'
  | 'invalid_filter_field'
  | 'invalid_filter_operator'
  | 'invalid_filter_value'
  | 'filter_depth_exceeded'
  | 'path_too_deep'
  | 'sort_too_many_fields'
  | 'unsortable_field'
  | 'limit_out_of_range'
  | 'invalid_cursor'
  | 'invalid_target_identifier'
  | 'invalid_matching_field'
  | 'missing_match_key'
  | 'descriptor_naming_reserved'
  | 'stage_entrance_criteria_not_met'
  | 'stage_transition_not_allowed'
  | 'record_not_found'
  | 'target_record_not_found'
  | 'unknown_record_type'
  | 'ambiguous_match'
  | 'concurrent_upsert_conflict'
  | 'conflict'
  | 'write_not_supported'
  | 'invalid_api_key'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limit_exceeded'
  | 'contact_account_association_required';

/**
 * Thrown by handlers; server.ts turns it into the error body. It carries no stack: it is an answer, not a
 * bug, and nothing reads where it was thrown; capturing one cost every error answer more than the rest of
 * the error's making (the embedded run answers a few hundred errors in its own process).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    details: Record<string, unknown> | null,
    headers: Record<string, string> = {},
  ) {
    // an Error of a string message cannot throw while it is made: the limit is always put back
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

/** The one way to make an error; details, when given, carry the code (the spec's discriminator). */
export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown> | null,
  headers?: Record<string, string>,
): ApiError {
  return new ApiError(status, code, message, details ? { code, ...details } : null, headers);
}

export type Loc = readonly (string | number)[];

export interface ValidationIssue {
  loc: Loc;
  type: string;
  msg: string;
}

/** 400 request_validation_failed with the spec's details shape; the first issue leads. */
export function validationError(issues: readonly ValidationIssue[], status = 400): ApiError {
  const first = issues[0] ?? { loc: ['body'], type: 'invalid', msg: 'Invalid request' };
  return apiError(status, 'request_validation_failed', first.msg, {
    loc: [...first.loc],
    type: first.type,
    all_errors: issues.map((i) => ({ loc: [...i.loc], type: i.type, msg: i.msg })),
  });
}

export function invalid(loc: Loc, type: string, msg: string): ApiError {
  return validationError([{ loc, type, msg }]);
}

/** The error body of the spec's Errors section. */
export function errorBody(err: ApiError, profile: Profile): Record<string, unknown> {
  return {
    status_code: err.status,
    error_type: profile.errorType(err.status),
    code: err.code,
    message: err.message,
    details: err.details,
  };
}
