import { ref, schemaUri } from '../ids.js';

export const relationshipPage = {
  $id: schemaUri('envelopes/relationship-page'),
  $comment:
    'spec: endpoints, GET .../relationship/... response "{ count: integer, next_cursor: string or null, parent, api_name, items: [relationship item] }". parent is a ParentRef and api_name a string, as in the POST response. No bound on count is stated.',
  type: 'object',
  required: ['count', 'next_cursor', 'parent', 'api_name', 'items'],
  properties: {
    count: { type: 'integer' },
    next_cursor: { type: ['string', 'null'] },
    parent: ref('envelopes/parent-ref'),
    api_name: { type: 'string' },
    items: { type: 'array', items: ref('envelopes/relationship-item') },
  },
} as const;
