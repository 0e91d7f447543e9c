import { each, many, one } from './attr.js';
import { defineRecord } from './define.js';

export const noteRecord = defineRecord(
  'note',
  'spec: resources/note-attributes-response. created_by_user_id, updated_by_user_id, deleted_by_user_id are "uuid-typed values" (unlike other record types, not record_reference).',
  { const: 'note' },
  {
    ...each(['id', 'organization_id'], one('uuid')),
    note_html: one('rich_text'),
    title: one('string'),
    ...each(['owner_user_id', 'owner_team_id'], one('record_reference')),
    ...each(['created_by_user_id', 'updated_by_user_id', 'deleted_by_user_id'], one('uuid')),
    ...each(['created_at', 'updated_at', 'deleted_at'], one('timestamp')),
    is_private: one('boolean'),
    participant_user_id_list: many('record_reference'),
  },
);
