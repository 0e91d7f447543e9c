import { ref, schemaUri } from '../ids.js';

export const upsertEnvelope = {
  $id: schemaUri('envelopes/upsert'),
  $comment:
    'spec: endpoints/custom-objects, POST /{custom_object_api_name}/_upsert response "{ data: record, meta: { matched_on: object } }"',
  type: 'object',
  required: ['data', 'meta'],
  properties: {
    data: ref('records/custom-object'),
    meta: {
      type: 'object',
      required: ['matched_on'],
      properties: { matched_on: { type: 'object' } },
    },
  },
} as const;
