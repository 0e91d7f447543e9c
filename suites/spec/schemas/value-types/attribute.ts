import { ref, schemaUri } from '../ids.js';

export const attributeValue = {
  $id: schemaUri('value-types/attribute'),
  $comment:
    'spec: typed-attribute-values: "Every attribute in a response is { value, value_type }. Multi-valued attributes are arrays of such objects."',
  anyOf: [ref('value-types/typed-value'), { type: 'array', items: ref('value-types/typed-value') }],
} as const;
