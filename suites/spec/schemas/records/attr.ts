import { ref } from '../ids.js';
import type { ValueTypeName } from '../ids.js';

/** A single typed value of the named value_type. */
export function one<const N extends ValueTypeName>(name: N) {
  return ref(`value-types/${name}`);
}

/** "array of <value_type>": an array of typed values of the named value_type. */
export function many<const N extends ValueTypeName>(name: N) {
  return { type: 'array', items: ref(`value-types/${name}`) } as const;
}

/** The same typed value under several attribute names. */
export function each<const K extends string, V>(names: readonly K[], schema: V): Record<K, V> {
  return Object.fromEntries(names.map((n) => [n, schema])) as Record<K, V>;
}
