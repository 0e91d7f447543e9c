import { defineVariation, variationFlag } from './define.js';

/**
 * Names are capped: a first, middle or last name, or a display_name, longer than 40 characters is
 * refused with 422 field_value_invalid. The spec states no length for a string ("| string | string |")
 * and no maximum of any kind ("Maximum payload size …: not shown"); field_value_invalid is the row
 * that names the refusal.
 */
export default defineVariation({
  id: 'names-capped-40',
  description:
    'A name (first_name, middle_name, last_name, display_name) longer than 40 characters is refused with 422 field_value_invalid.',
  quote: 'silent: "| string | string |" states no length for a string',
  affects: [
    'robustness.*',
    'value.*',
    'write.*',
    'contact.*',
    'account.*',
    'opportunity.*',
    'generated.*',
    'custom-object.*',
  ],
  apply: variationFlag('names-capped-40'),
});
