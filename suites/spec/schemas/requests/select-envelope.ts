import { ref, schemaUri } from '../ids.js';

export const selectEnvelope = {
  $id: schemaUri('requests/select-envelope'),
  $comment:
    'spec: write-request-attribute-forms, stage and other select values: "An enveloped select is { value_type: select, value: { api_name } } or { value_type: select, value: { id } }"; "select_list_id (uuid) is optional in the option reference".',
  type: 'object',
  required: ['value_type', 'value'],
  properties: {
    value_type: { const: 'select' },
    value: {
      type: 'object',
      properties: {
        api_name: { type: 'string' },
        id: ref('defs/uuid'),
        select_list_id: ref('defs/uuid'),
      },
      anyOf: [
        { properties: { api_name: {} }, required: ['api_name'] },
        { properties: { id: {} }, required: ['id'] },
      ],
    },
  },
} as const;
