import { ref, schemaUri } from '../ids.js';

export const relationshipPostBody = {
  $id: schemaUri('requests/relationship-post-body'),
  $comment:
    'spec: endpoints/contacts, POST .../relationship/{api_name}: "JSON with exactly one of related_record_id (uuid) or related_record_match"; rule 3: both or neither is rejected. The shape of related_record_match is not shown. Other keys are not closed by the spec.',
  type: 'object',
  properties: {
    related_record_id: ref('defs/uuid'),
    related_record_match: {},
  },
  // each branch repeats its property so that ajv strictRequired sees it defined
  oneOf: [
    { properties: { related_record_id: {} }, required: ['related_record_id'] },
    { properties: { related_record_match: {} }, required: ['related_record_match'] },
  ],
} as const;
