import { each, many, one } from './attr.js';
import { defineRecord } from './define.js';

export const taskRecord = defineRecord(
  'task',
  'spec: resources/task-attributes-response. Enum sets are "not shown" (only status COMPLETED is named), so enum values are any string.',
  { const: 'task' },
  {
    ...each(['id', 'organization_id'], one('uuid')),
    title: one('string'),
    ...each(['status', 'priority', 'type', 'source_type'], one('enum')),
    ...each(
      [
        'owner_user_id',
        'owner_team_id',
        'created_by_user_id',
        'updated_by_user_id',
        'archived_by_user_id',
        'completed_by_user_id',
      ],
      one('record_reference'),
    ),
    participant_user_id_list: many('record_reference'),
    note: one('long_text'),
    ...each(['due_at', 'created_at', 'updated_at', 'archived_at', 'completed_at'], one('timestamp')),
    disposition: one('string'),
    is_private: one('boolean'),
  },
);
