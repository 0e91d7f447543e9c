import { ref } from '../ids.js';
import { defineValueType } from './define.js';

export const opportunityStageValue = defineValueType(
  'opportunity_stage',
  'spec: typed-attribute-values row "opportunity_stage | object { id, select_list_id, display_name, api_name, color, closing_probability: string, expected_days: integer }"; untyped fields taken from the select row',
  {
    type: 'object',
    required: ['id', 'select_list_id', 'display_name', 'api_name', 'color', 'closing_probability', 'expected_days'],
    properties: {
      id: ref('defs/uuid'),
      select_list_id: ref('defs/uuid'),
      display_name: { type: 'string' },
      api_name: { type: 'string' },
      color: { type: 'string' },
      closing_probability: { type: 'string' },
      expected_days: { type: 'integer' },
    },
  },
);
