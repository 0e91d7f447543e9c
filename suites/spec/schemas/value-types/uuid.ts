import { defineValueType } from './define.js';

export const uuidValue = defineValueType(
  'uuid',
  'spec: typed-attribute-values row "uuid | string, uuid" (format uuid as in defs/uuid, inlined so that null stays a single-type check)',
  { type: 'string', format: 'uuid' },
);
