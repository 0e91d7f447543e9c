import { ref, schemaUri } from '../ids.js';

const stringForm = {
  anyOf: [{ type: ['string', 'null'] }, ref('value-types/string')],
} as const;

export const contactCreateBody = {
  $id: schemaUri('requests/contact-create-body'),
  $comment:
    'spec: write-request-attribute-forms, "Contact create request attributes" table + endpoints/contacts POST /contact "(required; stage required inside)". first_name, last_name, middle_name, title: "string forms" (raw or string envelope); primary_email: "string or email-typed envelope"; stage: a string (api_name or display name) or an enveloped select. Null is allowed for the optional fields ("null may be sent where the schema allows it", and the workspace schema decides). Other attributes stay open: a workspace may require more create fields.',
  type: 'object',
  required: ['attributes'],
  properties: {
    attributes: {
      type: 'object',
      required: ['stage'],
      properties: {
        first_name: stringForm,
        last_name: stringForm,
        middle_name: stringForm,
        title: stringForm,
        primary_email: { anyOf: [{ type: ['string', 'null'] }, ref('value-types/email')] },
        stage: { anyOf: [{ type: 'string' }, ref('requests/select-envelope')] },
      },
    },
  },
  additionalProperties: false,
} as const;
