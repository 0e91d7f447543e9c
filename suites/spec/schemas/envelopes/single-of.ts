import { ref, schemaUri } from '../ids.js';
import type { RecordKind } from '../ids.js';

/** `{ data: <record of this kind> }`, registered as envelopes/single/<kind>. */
export function singleOf<const K extends RecordKind>(kind: K) {
  return {
    $id: schemaUri(`envelopes/single/${kind}`),
    $comment: `spec: endpoints: responses "{ data: ${kind === 'custom-object' ? 'record' : `${kind} record`} }"`,
    allOf: [ref('envelopes/single')],
    type: 'object',
    required: ['data'],
    properties: { data: ref(`records/${kind}`) },
  } as const;
}
