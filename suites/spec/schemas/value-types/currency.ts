import { defineValueType } from './define.js';

export const currencyValue = defineValueType(
  'currency',
  'spec: typed-attribute-values row "currency | object { amount: string }"; no currency code is stated',
  {
    type: 'object',
    required: ['amount'],
    properties: { amount: { type: 'string' } },
  },
);
