import { defineValueType } from './define.js';

export const accountDomainValue = defineValueType(
  'account_domain',
  'spec: typed-attribute-values row "account_domain | object { domain_name: string, is_primary: boolean }"',
  {
    type: 'object',
    required: ['domain_name', 'is_primary'],
    properties: {
      domain_name: { type: 'string' },
      is_primary: { type: 'boolean' },
    },
  },
);
