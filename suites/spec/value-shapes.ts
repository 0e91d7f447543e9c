import { validate, type ValueTypeName } from './schemas/index.js';
import { allInWords } from './schema-words.js';
import type { Violation } from '../../lib/check/outcome.js';

/** The value shape of each row of the spec's table, as the titles state it. */
export const VALUE_SHAPE: Record<ValueTypeName, string> = {
  uuid: 'uuid string',
  string: 'string',
  long_text: 'string',
  rich_text: 'string',
  number: 'number',
  boolean: 'boolean',
  timestamp: 'ISO 8601 string',
  enum: 'string',
  url: 'string',
  email: 'string',
  phone_number: 'string',
  currency: '{ amount: string }',
  address: '{ street_one, street_two, city, state, country, zip_code: strings }',
  record_reference: '{ related_record_id: uuid, related_record_type: string }',
  select: '{ id, select_list_id: uuid, api_name, display_name, color: string }',
  contact_stage: '{ id, select_list_id, display_name, api_name, color }',
  account_stage: '{ id, select_list_id, display_name, api_name }',
  opportunity_stage:
    '{ id, select_list_id, display_name, api_name, color, closing_probability: string, expected_days: integer }',
  contact_email: '{ id: uuid, email, is_primary: boolean, labels }',
  contact_phone_number: '{ id: uuid, phone_number, is_primary: boolean, labels }',
  account_domain: '{ domain_name: string, is_primary: boolean }',
  meeting_participant: '{ name, email, rsvp_status: string, is_host: boolean }',
  created_source_form_submission_details: '{ form_submission_id, form_id, source_event_occurred_at, utm_* }',
};

/**
 * The value.shape violation of one typed value of a known value_type (undefined when it has its
 * shape), in words: which attribute, what its value type's shape is, what came back. `pointer` is
 * where the typed value sits in the response body (`/data/attributes/budget`), for the report's mark.
 * One problem however many attributes, records and operations show it: `currency: value.amount is a
 * number, not a string`.
 */
export function valueShapeViolation(
  attribute: string,
  valueType: ValueTypeName,
  item: unknown,
  pointer: string,
): Violation | undefined {
  const problems = validate(`value-types/${valueType}`, item);
  const words = allInWords(problems, item);
  if (words.length === 0) return undefined;
  return {
    rule: 'value.shape',
    expected: `${attribute} (${valueType}): { value_type: ${valueType}, value: ${VALUE_SHAPE[valueType]} }`,
    actual: `${attribute} (${valueType}): ${words.map((w) => w.text).join('; ')}`,
    problem: `${valueType}: ${words.map((w) => w.problem).join('; ')}`,
    at: `${pointer}${problems[0]!.path}`,
  };
}
