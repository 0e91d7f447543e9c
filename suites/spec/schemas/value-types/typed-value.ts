import { VALUE_TYPE_NAMES, ref, schemaUri } from '../ids.js';

/**
 * Any typed value, for workspace-defined attributes: `{ value, value_type }` with a string
 * value_type. A known value_type must carry a value of that type (one if/then per table row);
 * an unknown value_type passes on shape alone, since workspaces may define types the spec
 * does not list. Not a oneOf + discriminator: that would reject unknown value_types.
 */
export const typedValue = {
  $id: schemaUri('value-types/typed-value'),
  $comment:
    'spec: typed-attribute-values: "Every attribute in a response is { value, value_type }"; record-envelope: attributes = "map of attribute name to typed value"',
  type: 'object',
  required: ['value', 'value_type'],
  properties: {
    value: {},
    value_type: { type: 'string' },
  },
  allOf: VALUE_TYPE_NAMES.map((name) => ({
    if: { type: 'object', required: ['value_type'], properties: { value_type: { const: name } } },
    then: ref(`value-types/${name}`),
  })),
} as const;
