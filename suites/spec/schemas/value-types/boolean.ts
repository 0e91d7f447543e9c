import { defineValueType } from './define.js';

export const booleanValue = defineValueType('boolean', 'spec: typed-attribute-values row "boolean | boolean"', {
  type: 'boolean',
});
