import { LAST_ACTIVITY_TIMESTAMPS } from './activity-timestamps.js';
import { each, many, one } from './attr.js';
import { defineRecord } from './define.js';

export const opportunityRecord = defineRecord(
  'opportunity',
  'spec: resources/opportunity-attributes-response. id, organization_id, created_at, updated_at carry no type there; taken from contact (uuid, uuid, timestamp, timestamp).',
  { const: 'opportunity' },
  {
    id: one('uuid'),
    organization_id: one('uuid'),
    created_at: one('timestamp'),
    updated_at: one('timestamp'),
    display_name: one('string'),
    stage: one('opportunity_stage'),
    ...each(
      [
        'owner_user_id',
        'account_id',
        'created_by_user_id',
        'owner_team_id',
        'closed_by_user_id',
        'primary_contact_id',
        'updated_by_user_id',
      ],
      one('record_reference'),
    ),
    participant_user_id_list: many('record_reference'),
    ...each(['next_step_details', 'closed_lost_custom_detail', 'closed_won_custom_detail'], one('long_text')),
    ...each(
      [
        'next_step_due_at',
        'next_meeting_date',
        'target_go_live_date',
        'anticipated_closing_at',
        'closed_at',
        'archived_at',
        'expires_at',
        'stage_last_shifted_at',
        ...LAST_ACTIVITY_TIMESTAMPS,
      ],
      one('timestamp'),
    ),
    ...each(['amount', 'forecast_weighted_amount'], one('currency')),
    ...each(['primary_closed_won_reason', 'primary_closed_lost_reason', 'primary_competitor', 'type'], one('select')),
    ...each(
      ['additional_closed_won_reasons', 'additional_closed_lost_reasons', 'competitors_mentioned'],
      many('select'),
    ),
    competitors_mentioned_other: many('string'),
    primary_competitor_other: one('string'),
  },
);
