import { ref } from '../ids.js';
import { defineValueType } from './define.js';

export const contactEmailValue = defineValueType(
  'contact_email',
  'spec: typed-attribute-values row "contact_email | object { id: uuid, email, is_primary: boolean, labels: array }" + contact-attributes: labels values PERSONAL, WORK, MOBILE; email untyped in the row, so any JSON value; count and uniqueness of labels not stated',
  {
    type: 'object',
    required: ['id', 'email', 'is_primary', 'labels'],
    properties: {
      id: ref('defs/uuid'),
      email: {},
      is_primary: { type: 'boolean' },
      labels: ref('defs/contact-item-labels'),
    },
  },
);
