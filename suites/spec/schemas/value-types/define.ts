import { schemaUri } from '../ids.js';
import type { ValueTypeName } from '../ids.js';

/** A value shape with a single JSON type; its other keywords only constrain that type. */
interface ValueShape {
  readonly type: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
}

/**
 * Builds the plain schema of one typed value `{ value, value_type }`.
 * Both keys are required; `value_type` is the constant name; `value` is the given shape or null
 * (`type: [<type>, 'null']`, so a wrong value reports one error, not an anyOf cascade).
 * Null: unset attributes read as `{ value: null }` (the spec marks archived records by a
 * NON-null archived_at, so a null value is legal). Keys beside value/value_type are not
 * closed, since the spec does not close them.
 */
export function defineValueType<const N extends ValueTypeName, const V extends ValueShape>(
  name: N,
  comment: string,
  value: V,
) {
  return {
    $id: schemaUri(`value-types/${name}`),
    $comment: comment,
    type: 'object',
    required: ['value', 'value_type'],
    properties: {
      value_type: { const: name },
      value: { ...value, type: [value.type, 'null'] } as Omit<V, 'type'> & {
        readonly type: readonly [V['type'], 'null'];
      },
    },
  } as const;
}
