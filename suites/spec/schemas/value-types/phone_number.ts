import { defineValueType } from './define.js';

export const phoneNumberValue = defineValueType(
  'phone_number',
  'spec: typed-attribute-values row "phone_number | string"; no E.164 or other format is stated',
  { type: 'string' },
);
