import { each, many, one } from './attr.js';
import { defineRecord } from './define.js';

export const meetingRecord = defineRecord(
  'meeting',
  'spec: resources/meeting-attributes-response. Enum sets are "not shown", so enum values are any string. created_by_user_id is a uuid-typed value.',
  { const: 'meeting' },
  {
    ...each(['id', 'organization_id'], one('uuid')),
    ...each(['title', 'description', 'location', 'agenda', 'key_talking_points', 'meeting_url'], one('string')),
    ...each(
      [
        'starts_at',
        'ends_at',
        'started_at',
        'ended_at',
        'meeting_created_at',
        'consent_declined_at',
        'meeting_bot_removed_at',
      ],
      one('timestamp'),
    ),
    duration_seconds: one('number'),
    ...each(
      [
        'meeting_status',
        'meeting_type',
        'confirmation_state',
        'meeting_platform',
        'call_direction',
        'manual_meeting_type',
        'origin_platform',
        'meeting_bot_status',
        'processing_status',
      ],
      one('enum'),
    ),
    ...each(
      [
        'is_recorded',
        'has_active_bot',
        'is_sales_meeting',
        'is_external_meeting',
        'is_private',
        'is_no_show',
        'is_rescheduled',
        'is_bot_enabled',
      ],
      one('boolean'),
    ),
    meeting_participants: many('meeting_participant'),
    ...each(
      ['owner_user_id', 'owner_team_id', 'organizer_user_id', 'organizer_contact_id', 'rescheduled_from_id'],
      one('record_reference'),
    ),
    created_by_user_id: one('uuid'),
  },
);
