import { defineValueType } from './define.js';

export const timestampValue = defineValueType(
  'timestamp',
  'spec: typed-attribute-values row "timestamp | ISO 8601 timestamp string" (format iso8601-timestamp as in defs/timestamp; see formats.ts)',
  { type: 'string', format: 'iso8601-timestamp' },
);
