import { defineVariation, variationFlag } from './define.js';

/**
 * A string value holding a character outside the Basic Multilingual Plane (an emoji, a flag: what a
 * 3-byte utf8 column cannot hold) is refused with 422 field_value_invalid. The spec states no
 * repertoire for a string ("| string | string |"); field_value_invalid is the row that names the refusal.
 */
export default defineVariation({
  id: 'strings-bmp-only',
  description:
    'A string value holding a character outside the Basic Multilingual Plane (an emoji, a flag) is refused with 422 field_value_invalid.',
  quote: 'silent: "| string | string |" states no repertoire for a string',
  affects: ['robustness.*', 'value.*', 'write.*', 'contact.*', 'generated.*', 'custom-object.*'],
  apply: variationFlag('strings-bmp-only'),
});
