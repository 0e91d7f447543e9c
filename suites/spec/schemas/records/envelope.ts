import { ref, schemaUri } from '../ids.js';

export const recordEnvelope = {
  $id: schemaUri('records/envelope'),
  $comment:
    'spec: resources/record-envelope table: id (string, uuid), created_at, updated_at (ISO 8601 timestamp), attributes (object), record_type (string). All required: the table lists them for "all record responses". Other top-level keys are not closed by the spec.',
  type: 'object',
  required: ['id', 'created_at', 'updated_at', 'attributes', 'record_type'],
  properties: {
    id: ref('defs/uuid'),
    created_at: ref('defs/timestamp'),
    updated_at: ref('defs/timestamp'),
    attributes: { type: 'object' },
    record_type: { type: 'string' },
  },
} as const;
