import { defineValueType } from './define.js';

export const numberValue = defineValueType(
  'number',
  'spec: typed-attribute-values row "number | number" (JSON number; integers included)',
  { type: 'number' },
);
