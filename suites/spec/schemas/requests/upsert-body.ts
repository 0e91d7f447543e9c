import { schemaUri } from '../ids.js';

export const upsertBody = {
  $id: schemaUri('requests/upsert-body'),
  $comment:
    'spec: endpoints/custom-objects, POST /{custom_object_api_name}/_upsert: "JSON { attributes: {...}, match: { field: string, value: <any> } }"; write-request-attribute-forms: no other top-level keys "except upsert (attributes plus match)". match itself is not closed by the spec.',
  type: 'object',
  required: ['attributes', 'match'],
  properties: {
    attributes: { type: 'object' },
    match: {
      type: 'object',
      required: ['field', 'value'],
      properties: {
        field: { type: 'string' },
        value: {},
      },
    },
  },
  additionalProperties: false,
} as const;
