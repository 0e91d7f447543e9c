import { ref } from '../ids.js';
import { defineValueType } from './define.js';

export const accountStageValue = defineValueType(
  'account_stage',
  'spec: typed-attribute-values row "account_stage | object { id, select_list_id, display_name, api_name }" (no color); field types taken from the select row',
  {
    type: 'object',
    required: ['id', 'select_list_id', 'display_name', 'api_name'],
    properties: {
      id: ref('defs/uuid'),
      select_list_id: ref('defs/uuid'),
      display_name: { type: 'string' },
      api_name: { type: 'string' },
    },
  },
);
