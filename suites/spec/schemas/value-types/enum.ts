import { defineValueType } from './define.js';

export const enumValue = defineValueType(
  'enum',
  'spec: typed-attribute-values row "enum | string (one of a fixed set per attribute)"; the sets are "not shown", so any string',
  { type: 'string' },
);
