import { schemaUri } from '../ids.js';

export const uuidDef = {
  $id: schemaUri('defs/uuid'),
  $comment:
    'spec: "string, uuid". ajv-formats `uuid`: any RFC 4122 version (and the urn:uuid: form), not only v4, since the spec names no version.',
  type: 'string',
  format: 'uuid',
} as const;
