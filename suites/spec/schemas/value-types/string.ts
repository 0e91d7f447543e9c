import { defineValueType } from './define.js';

export const stringValue = defineValueType('string', 'spec: typed-attribute-values row "string | string"', {
  type: 'string',
});
