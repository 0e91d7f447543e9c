import { RECORD_REFERENCE_SHAPE } from '../defs/record-reference-shape.js';
import { defineValueType } from './define.js';

export const recordReferenceValue = defineValueType(
  'record_reference',
  'spec: typed-attribute-values row "record_reference | object { related_record_id: uuid, related_record_type: string }"',
  RECORD_REFERENCE_SHAPE,
);
