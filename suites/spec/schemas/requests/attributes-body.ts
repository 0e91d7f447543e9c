import { schemaUri } from '../ids.js';

export const attributesBody = {
  $id: schemaUri('requests/attributes-body'),
  $comment:
    'spec: write-request-attribute-forms: "Request bodies are { attributes: {...} } with no other top-level keys"; endpoints/contacts rule 1: "there is no inline relationships block". Attribute values may be raw or enveloped, so they are not constrained here.',
  type: 'object',
  required: ['attributes'],
  properties: { attributes: { type: 'object' } },
  additionalProperties: false,
} as const;
