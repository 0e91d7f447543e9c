import { ref, schemaUri } from '../ids.js';

export const parentRef = {
  $id: schemaUri('envelopes/parent-ref'),
  $comment: 'spec: write-request-attribute-forms: "ParentRef: { id: uuid, record_type: string }"',
  type: 'object',
  required: ['id', 'record_type'],
  properties: {
    id: ref('defs/uuid'),
    record_type: { type: 'string' },
  },
} as const;
