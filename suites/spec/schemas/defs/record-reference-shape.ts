import { ref, schemaUri } from '../ids.js';

/** The value object of a record_reference (spec: record_reference row). Not closed by the spec. */
export const RECORD_REFERENCE_SHAPE = {
  type: 'object',
  required: ['related_record_id', 'related_record_type'],
  properties: {
    related_record_id: ref('defs/uuid'),
    related_record_type: { type: 'string' },
  },
} as const;

/** Registered so created_source_form_submission_details can `$ref` the "record_reference-shape". */
export const recordReferenceShapeDef = {
  $id: schemaUri('defs/record-reference-shape'),
  $comment:
    'spec: typed-attribute-values: record_reference = object { related_record_id: uuid, related_record_type: string }; "record_reference-shape" in created_source_form_submission_details',
  ...RECORD_REFERENCE_SHAPE,
} as const;
