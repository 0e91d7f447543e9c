import { defineValueType } from './define.js';

export const longTextValue = defineValueType('long_text', 'spec: typed-attribute-values row "long_text | string"', {
  type: 'string',
});
