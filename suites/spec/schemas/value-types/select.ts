import { ref } from '../ids.js';
import { defineValueType } from './define.js';

export const selectValue = defineValueType(
  'select',
  'spec: typed-attribute-values row "select | object { id: uuid, select_list_id: uuid, api_name: string, display_name: string, color: string }"',
  {
    type: 'object',
    required: ['id', 'select_list_id', 'api_name', 'display_name', 'color'],
    properties: {
      id: ref('defs/uuid'),
      select_list_id: ref('defs/uuid'),
      api_name: { type: 'string' },
      display_name: { type: 'string' },
      color: { type: 'string' },
    },
  },
);
