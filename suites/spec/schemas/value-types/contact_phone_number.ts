import { ref } from '../ids.js';
import { defineValueType } from './define.js';

export const contactPhoneNumberValue = defineValueType(
  'contact_phone_number',
  'spec: typed-attribute-values row "contact_phone_number | object { id: uuid, phone_number, is_primary: boolean, labels: array }" + contact-attributes: labels values PERSONAL, WORK, MOBILE; phone_number untyped in the row, so any JSON value; count and uniqueness of labels not stated',
  {
    type: 'object',
    required: ['id', 'phone_number', 'is_primary', 'labels'],
    properties: {
      id: ref('defs/uuid'),
      phone_number: {},
      is_primary: { type: 'boolean' },
      labels: ref('defs/contact-item-labels'),
    },
  },
);
