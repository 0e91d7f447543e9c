import { LAST_ACTIVITY_TIMESTAMPS } from './activity-timestamps.js';
import { each, many, one } from './attr.js';
import { defineRecord } from './define.js';

export const accountRecord = defineRecord(
  'account',
  'spec: resources/account-attributes-response. id, organization_id, created_at, updated_at carry no type there; taken from contact (uuid, uuid, timestamp, timestamp). "the same last_* activity timestamps as contact" = the 12 last_* names listed on contact.',
  { const: 'account' },
  {
    id: one('uuid'),
    organization_id: one('uuid'),
    created_at: one('timestamp'),
    updated_at: one('timestamp'),
    display_name: one('string'),
    ...each(
      ['owner_user_id', 'created_by_user_id', 'owner_team_id', 'updated_by_user_id', 'archived_by_user_id'],
      one('record_reference'),
    ),
    participant_user_id_list: many('record_reference'),
    domains: many('account_domain'),
    description: one('long_text'),
    official_website: one('url'),
    websites: many('url'),
    ...each(['linkedin_url', 'x_url', 'facebook_url', 'zoominfo_url'], one('url')),
    address: one('address'),
    ...each(['estimated_annual_revenue', 'funding_raised'], one('currency')),
    estimated_employee_count: one('number'),
    stage: one('account_stage'),
    research_tldr: one('rich_text'),
    ...each([...LAST_ACTIVITY_TIMESTAMPS, 'archived_at'], one('timestamp')),
    created_source_form_submission_details: one('created_source_form_submission_details'),
  },
);
