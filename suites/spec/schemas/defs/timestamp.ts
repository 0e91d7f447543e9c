import { schemaUri } from '../ids.js';

export const timestampDef = {
  $id: schemaUri('defs/timestamp'),
  $comment:
    'spec: "string, ISO 8601 timestamp". Named format iso8601-timestamp (see formats.ts for why not RFC 3339 date-time).',
  type: 'string',
  format: 'iso8601-timestamp',
} as const;
