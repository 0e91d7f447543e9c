import { defineValueType } from './define.js';

const s = { type: 'string' } as const;

export const addressValue = defineValueType(
  'address',
  'spec: typed-attribute-values row "address | object { street_one, street_two, city, state, country, zip_code }, all strings"; all six required, none nullable (the row says all strings)',
  {
    type: 'object',
    required: ['street_one', 'street_two', 'city', 'state', 'country', 'zip_code'],
    properties: { street_one: s, street_two: s, city: s, state: s, country: s, zip_code: s },
  },
);
