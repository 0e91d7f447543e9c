import { ref, schemaUri } from '../ids.js';

export const contactAccountItem = {
  $id: schemaUri('envelopes/contact-account-item'),
  $comment:
    'spec: "Relationship item" table, through: "for contact-to-account edges, attributes holds role (string-typed value) and is_primary (boolean-typed value)". Both required ("holds"); their values may be null like any typed value.',
  allOf: [ref('envelopes/relationship-item')],
  type: 'object',
  required: ['through'],
  properties: {
    through: {
      type: 'object',
      required: ['attributes'],
      properties: {
        attributes: {
          type: 'object',
          required: ['role', 'is_primary'],
          properties: {
            role: ref('value-types/string'),
            is_primary: ref('value-types/boolean'),
          },
        },
      },
    },
  },
} as const;
