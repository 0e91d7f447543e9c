import { defineValueType } from './define.js';

export const emailValue = defineValueType(
  'email',
  'spec: typed-attribute-values row "email | string"; no email format (the spec says only string; a format check is a separate should rule)',
  { type: 'string' },
);
