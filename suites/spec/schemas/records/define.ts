import { ref, schemaUri } from '../ids.js';
import type { RecordKind } from '../ids.js';

/**
 * A record schema: the envelope, a record_type constraint, and every attribute the spec lists
 * for the type. Listed attributes are not required (the spec lists them but never says every
 * one is always present); any other attribute (workspace-defined) must still be a typed value
 * or an array of typed values.
 */
export function defineRecord<const K extends RecordKind, const T extends object, const A extends object>(
  kind: K,
  comment: string,
  recordType: T,
  attributes: A,
  /** the listed attributes the spec says the record carries ("Envelope plus attributes: …"), where it does */
  required: ReadonlyArray<keyof A & string> = [],
) {
  return {
    $id: schemaUri(`records/${kind}`),
    $comment: comment,
    allOf: [ref('records/envelope')],
    type: 'object',
    properties: {
      record_type: recordType,
      attributes: {
        type: 'object',
        properties: attributes,
        ...(required.length > 0 ? { required } : {}),
        additionalProperties: ref('value-types/attribute'),
      },
    },
  } as const;
}
