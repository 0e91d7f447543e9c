import { ref, schemaUri } from '../ids.js';

export const transcriptEnvelope = {
  $id: schemaUri('envelopes/transcript'),
  $comment:
    'spec: endpoints/notes-and-meetings, GET /meeting/{meeting_id}/transcript response "{ data: { url: string, expires_at: timestamp, format: string } }". url is only "string" (pre-signed): no uri format here; expires_at is a bare timestamp string, not a typed value.',
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['url', 'expires_at', 'format'],
      properties: {
        url: { type: 'string' },
        expires_at: ref('defs/timestamp'),
        format: { type: 'string' },
      },
    },
  },
} as const;
