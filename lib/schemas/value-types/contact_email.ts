import { ref } from '../ids.js';
import { defineValueType } from './define.js';

export const contactEmailValue = defineValueType(
  'contact_email',
  'spec: typed-attribute-values row "contact_email | object { id: uuid, email, is_primary: boolean, labels: array }" + contact-attributes: labels values PERSONAL, WORK, MOBILE; email untyped in the row, taken as string (the email value_type is a string)',
  {
    type: 'object',
    required: ['id', 'email', 'is_primary', 'labels'],
    properties: {
      id: ref('defs/uuid'),
      email: { type: 'string' },
      is_primary: { type: 'boolean' },
      labels: ref('defs/contact-item-labels'),
    },
  },
);
