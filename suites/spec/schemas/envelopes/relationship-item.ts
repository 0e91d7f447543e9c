import { ref, schemaUri } from '../ids.js';

export const relationshipItem = {
  $id: schemaUri('envelopes/relationship-item'),
  $comment:
    'spec: write-request-attribute-forms, "Relationship item" table: related_record_id (uuid), related_record_type (string), through (object { id: uuid, record_type: string, attributes: object }). All required; through is an object, never null (the table gives no null).',
  type: 'object',
  required: ['related_record_id', 'related_record_type', 'through'],
  properties: {
    related_record_id: ref('defs/uuid'),
    related_record_type: { type: 'string' },
    through: {
      type: 'object',
      required: ['id', 'record_type', 'attributes'],
      properties: {
        id: ref('defs/uuid'),
        record_type: { type: 'string' },
        attributes: { type: 'object' },
      },
    },
  },
} as const;
