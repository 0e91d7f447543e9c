import { ref } from '../ids.js';
import { defineValueType } from './define.js';

export const contactStageValue = defineValueType(
  'contact_stage',
  'spec: typed-attribute-values row "contact_stage | object { id, select_list_id, display_name, api_name, color }"; the row gives no field types, so they are taken from the select row (id, select_list_id uuid; the rest strings)',
  {
    type: 'object',
    required: ['id', 'select_list_id', 'display_name', 'api_name', 'color'],
    properties: {
      id: ref('defs/uuid'),
      select_list_id: ref('defs/uuid'),
      display_name: { type: 'string' },
      api_name: { type: 'string' },
      color: { type: 'string' },
    },
  },
);
