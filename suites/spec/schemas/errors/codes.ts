/** spec: errors, "Error codes" table: every code, in table order. */
export const ERROR_CODES = [
  'request_validation_failed',
  'unknown_field',
  'field_required_missing',
  'field_value_invalid',
  'field_not_writable',
  'field_not_creatable',
  'field_not_updatable',
  'cannot_remove_last_primary',
  'sub_resource_not_supported',
  'invalid_filter_field',
  'invalid_filter_operator',
  'invalid_filter_value',
  'filter_depth_exceeded',
  'path_too_deep',
  'sort_too_many_fields',
  'unsortable_field',
  'limit_out_of_range',
  'invalid_cursor',
  'invalid_target_identifier',
  'invalid_matching_field',
  'missing_match_key',
  'descriptor_naming_reserved',
  'stage_entrance_criteria_not_met',
  'stage_transition_not_allowed',
  'record_not_found',
  'target_record_not_found',
  'unknown_record_type',
  'ambiguous_match',
  'concurrent_upsert_conflict',
  'conflict',
  'write_not_supported',
  'invalid_api_key',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limit_exceeded',
  'contact_account_association_required',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}
