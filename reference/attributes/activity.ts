import type { Profile } from '../profile.js';
import { attrs, enumOf, many, type AttributeDef } from './types.js';

export const TASK_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export const TASK_TYPES = ['TODO', 'CALL', 'EMAIL', 'LINKEDIN'] as const;
export const TASK_SOURCE_TYPES = ['MANUAL', 'SEQUENCE', 'WORKFLOW'] as const;

export const taskAttributes: AttributeDef[] = [
  ...attrs('uuid', 'ro', ['id', 'organization_id']),
  ...attrs('string', 'rw', ['title']),
  ...attrs('enum', 'rw', ['status'], { enumValues: (p: Profile) => p.taskStatuses }),
  ...attrs('enum', 'rw', ['priority'], enumOf(TASK_PRIORITIES)),
  ...attrs('enum', 'rw', ['type'], enumOf(TASK_TYPES)),
  ...attrs('enum', 'ro', ['source_type'], enumOf(TASK_SOURCE_TYPES)),
  ...attrs('record_reference', 'ro', [
    'owner_user_id',
    'owner_team_id',
    'created_by_user_id',
    'updated_by_user_id',
    'archived_by_user_id',
    'completed_by_user_id',
  ]),
  ...many('record_reference', 'ro', ['participant_user_id_list']),
  ...attrs('long_text', 'rw', ['note']),
  ...attrs('timestamp', 'rw', ['due_at']),
  ...attrs('timestamp', 'ro', ['created_at', 'updated_at', 'archived_at', 'completed_at']),
  ...attrs('string', 'update', ['disposition']),
  ...attrs('boolean', 'rw', ['is_private']),
  // "account and pipeline relationships are not patchable here"
  ...attrs('uuid', 'create', ['account_id', 'pipeline_id', 'account', 'pipeline'], { hidden: true }),
];

export const noteAttributes: AttributeDef[] = [
  ...attrs('uuid', 'ro', ['id', 'organization_id']),
  ...attrs('rich_text', 'ro', ['note_html']),
  ...attrs('string', 'ro', ['title']),
  ...attrs('record_reference', 'ro', ['owner_user_id', 'owner_team_id']),
  ...attrs('uuid', 'ro', ['created_by_user_id', 'updated_by_user_id', 'deleted_by_user_id']),
  ...attrs('timestamp', 'ro', ['created_at', 'updated_at', 'deleted_at']),
  ...attrs('boolean', 'ro', ['is_private']),
  ...many('record_reference', 'ro', ['participant_user_id_list']),
];

export const MEETING_ENUMS: Record<string, readonly string[]> = {
  meeting_status: ['SCHEDULED', 'COMPLETED', 'CANCELLED'],
  meeting_type: ['EXTERNAL', 'INTERNAL'],
  confirmation_state: ['CONFIRMED', 'TENTATIVE', 'UNCONFIRMED'],
  meeting_platform: ['ZOOM', 'GOOGLE_MEET', 'MICROSOFT_TEAMS', 'PHONE'],
  call_direction: ['INBOUND', 'OUTBOUND'],
  manual_meeting_type: ['DISCOVERY', 'DEMO', 'FOLLOW_UP'],
  origin_platform: ['GOOGLE_CALENDAR', 'OUTLOOK', 'MANUAL'],
  meeting_bot_status: ['NOT_SCHEDULED', 'SCHEDULED', 'JOINED', 'LEFT'],
  processing_status: ['PENDING', 'PROCESSING', 'PROCESSED', 'FAILED'],
};

export const meetingAttributes: AttributeDef[] = [
  ...attrs('uuid', 'ro', ['id', 'organization_id']),
  ...attrs('string', 'ro', ['title', 'description', 'location', 'agenda', 'key_talking_points', 'meeting_url']),
  ...attrs('timestamp', 'ro', [
    'starts_at',
    'ends_at',
    'started_at',
    'ended_at',
    'meeting_created_at',
    'consent_declined_at',
    'meeting_bot_removed_at',
  ]),
  ...attrs('number', 'ro', ['duration_seconds']),
  ...Object.entries(MEETING_ENUMS).flatMap(([name, values]) => attrs('enum', 'ro', [name], enumOf(values))),
  ...attrs('boolean', 'ro', [
    'is_recorded',
    'has_active_bot',
    'is_sales_meeting',
    'is_external_meeting',
    'is_private',
    'is_no_show',
    'is_rescheduled',
    'is_bot_enabled',
  ]),
  ...many('meeting_participant', 'ro', ['meeting_participants']),
  ...attrs('record_reference', 'ro', [
    'owner_user_id',
    'owner_team_id',
    'organizer_user_id',
    'organizer_contact_id',
    'rescheduled_from_id',
  ]),
  ...attrs('uuid', 'ro', ['created_by_user_id']),
];
