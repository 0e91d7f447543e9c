import { defineVariation, variationFlag } from './define.js';

/**
 * A phone item holds at most one label: a write of two or more is refused 422 field_value_invalid.
 * The spec types labels as an array of PERSONAL, WORK, MOBILE and states no count.
 */
export default defineVariation({
  id: 'phone-item-one-label',
  description:
    'A phone item holds at most one label: a create or item patch with two or more is refused 422 field_value_invalid.',
  quote: 'JSON with optional `is_primary` (boolean) and `labels` (array of PERSONAL, WORK, MOBILE)',
  affects: ['contact.phone-item.*', 'generated.*', 'value.*', 'auth.*', 'isolation.*', 'record.*'],
  apply: variationFlag('phone-item-one-label'),
});
