import { ref, schemaUri } from '../ids.js';

export const relationshipPost = {
  $id: schemaUri('envelopes/relationship-post'),
  $comment:
    'spec: endpoints/contacts and /opportunities, POST .../relationship/{api_name} response "{ parent: ParentRef, api_name: string, item: relationship item }" (not wrapped in data)',
  type: 'object',
  required: ['parent', 'api_name', 'item'],
  properties: {
    parent: ref('envelopes/parent-ref'),
    api_name: { type: 'string' },
    item: ref('envelopes/relationship-item'),
  },
} as const;
