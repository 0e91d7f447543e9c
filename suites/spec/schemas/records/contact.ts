import { LAST_ACTIVITY_TIMESTAMPS } from './activity-timestamps.js';
import { each, many, one } from './attr.js';
import { defineRecord } from './define.js';

export const contactRecord = defineRecord(
  'contact',
  'spec: resources/contact-attributes-response (every listed attribute, with its value type)',
  { const: 'contact' },
  {
    id: one('uuid'),
    organization_id: one('uuid'),
    created_at: one('timestamp'),
    updated_at: one('timestamp'),
    display_name: one('string'),
    stage: one('contact_stage'),
    ...each(
      ['created_by_user_id', 'owner_user_id', 'owner_team_id', 'updated_by_user_id', 'archived_by_user_id'],
      one('record_reference'),
    ),
    participant_user_id_list: many('record_reference'),
    ...each(['first_name', 'last_name', 'middle_name', 'title', 'department'], one('string')),
    primary_email: one('email'),
    primary_phone_number: one('phone_number'),
    sms_consent: one('boolean'),
    address: one('address'),
    contact_emails: many('contact_email'),
    contact_phone_numbers: many('contact_phone_number'),
    ...each(['linkedin_url', 'zoominfo_url', 'x_url', 'facebook_url'], one('url')),
    created_source_form_submission_details: one('created_source_form_submission_details'),
    ...each([...LAST_ACTIVITY_TIMESTAMPS, 'archived_at'], one('timestamp')),
  },
);
