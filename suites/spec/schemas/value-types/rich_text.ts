import { defineValueType } from './define.js';

export const richTextValue = defineValueType(
  'rich_text',
  'spec: typed-attribute-values row "rich_text | string (HTML in notes)"; HTML is not validated',
  { type: 'string' },
);
