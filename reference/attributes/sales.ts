import { ACTIVITY_TIMESTAMPS, attrs, identity, many, type AttributeDef } from './types.js';

export const contactAttributes: AttributeDef[] = [
  ...identity,
  // display_name is derived from first_name and last_name
  ...attrs('string', 'ro', ['display_name']),
  ...attrs('contact_stage', 'rw', ['stage'], { required: true, selectLists: (org) => [org.contactStages] }),
  ...attrs('record_reference', 'ro', [
    'created_by_user_id', 'owner_user_id', 'owner_team_id', 'updated_by_user_id', 'archived_by_user_id',
  ]),
  ...many('record_reference', 'ro', ['participant_user_id_list']),
  ...attrs('string', 'rw', ['first_name', 'last_name', 'middle_name', 'title', 'department']),
  ...attrs('email', 'rw', ['primary_email']),
  ...attrs('phone_number', 'rw', ['primary_phone_number']),
  ...attrs('boolean', 'rw', ['sms_consent']),
  ...attrs('address', 'rw', ['address']),
  ...many('contact_email', 'rw', ['contact_emails']),
  ...many('contact_phone_number', 'rw', ['contact_phone_numbers']),
  ...attrs('url', 'rw', ['linkedin_url', 'zoominfo_url', 'x_url', 'facebook_url']),
  ...attrs('created_source_form_submission_details', 'ro', ['created_source_form_submission_details']),
  ...attrs('timestamp', 'ro', [...ACTIVITY_TIMESTAMPS, 'archived_at']),
];

export const accountAttributes: AttributeDef[] = [
  ...identity,
  ...attrs('string', 'rw', ['display_name'], { required: true }),
  ...attrs('record_reference', 'ro', [
    'owner_user_id', 'created_by_user_id', 'owner_team_id', 'updated_by_user_id', 'archived_by_user_id',
  ]),
  ...many('record_reference', 'ro', ['participant_user_id_list']),
  ...many('account_domain', 'rw', ['domains']),
  ...attrs('long_text', 'rw', ['description']),
  ...attrs('url', 'rw', ['official_website']),
  ...many('url', 'rw', ['websites']),
  ...attrs('url', 'rw', ['linkedin_url', 'x_url', 'facebook_url', 'zoominfo_url']),
  ...attrs('address', 'rw', ['address']),
  ...attrs('currency', 'rw', ['estimated_annual_revenue', 'funding_raised']),
  ...attrs('number', 'rw', ['estimated_employee_count']),
  ...attrs('account_stage', 'rw', ['stage'], { selectLists: (org) => [org.accountStages] }),
  ...attrs('rich_text', 'rw', ['research_tldr']),
  ...attrs('timestamp', 'ro', [...ACTIVITY_TIMESTAMPS, 'archived_at']),
  ...attrs('created_source_form_submission_details', 'ro', ['created_source_form_submission_details']),
];

export const opportunityAttributes: AttributeDef[] = [
  ...identity,
  ...attrs('string', 'rw', ['display_name'], { required: true }),
  ...attrs('opportunity_stage', 'rw', ['stage'], {
    required: true,
    selectLists: (org) => org.opportunityPipelines,
  }),
  ...attrs('record_reference', 'ro', ['owner_user_id']),
  ...attrs('record_reference', 'rw', ['account_id'], { target: 'account' }),
  ...attrs('record_reference', 'ro', ['created_by_user_id', 'owner_team_id', 'closed_by_user_id']),
  ...attrs('record_reference', 'rw', ['primary_contact_id'], { target: 'contact' }),
  ...attrs('record_reference', 'ro', ['updated_by_user_id']),
  ...many('record_reference', 'ro', ['participant_user_id_list']),
  ...attrs('long_text', 'rw', ['next_step_details', 'closed_lost_custom_detail', 'closed_won_custom_detail']),
  ...attrs('timestamp', 'rw', ['next_step_due_at']),
  ...attrs('timestamp', 'ro', ['next_meeting_date']),
  ...attrs('timestamp', 'rw', ['target_go_live_date', 'anticipated_closing_at']),
  ...attrs('timestamp', 'ro', ['closed_at', 'archived_at']),
  ...attrs('timestamp', 'rw', ['expires_at']),
  ...attrs('timestamp', 'ro', ['stage_last_shifted_at', ...ACTIVITY_TIMESTAMPS]),
  ...attrs('currency', 'rw', ['amount']),
  ...attrs('currency', 'ro', ['forecast_weighted_amount']),
  // reason and competitor select lists are not seeded, so these stay read-only
  ...attrs('select', 'ro', ['primary_closed_won_reason', 'primary_closed_lost_reason', 'primary_competitor', 'type']),
  ...many('select', 'ro', ['additional_closed_won_reasons', 'additional_closed_lost_reasons', 'competitors_mentioned']),
  ...many('string', 'rw', ['competitors_mentioned_other']),
  ...attrs('string', 'rw', ['primary_competitor_other']),
];
