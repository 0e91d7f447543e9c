import { schemaUri } from '../ids.js';

export const singleEnvelope = {
  $id: schemaUri('envelopes/single'),
  $comment:
    'spec: resources/record-envelope: "Single-record responses are { data: <record> }". Generic form: data is an object; envelopes/single/<kind> pins the record type.',
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'object' } },
} as const;
