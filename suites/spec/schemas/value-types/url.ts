import { defineValueType } from './define.js';

export const urlValue = defineValueType(
  'url',
  'spec: typed-attribute-values row "url | string"; no uri format (the spec says only string; a format check is a separate should rule)',
  { type: 'string' },
);
