import type { ValueTypeName } from './schemas/index.js';

/** The value shape of each row of the spec's table, as the titles state it. */
export const SHAPE: Record<ValueTypeName, string> = {
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
