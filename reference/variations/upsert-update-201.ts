import { defineVariation, variationFlag } from './define.js';

export default defineVariation({
  id: 'upsert-update-201',
  description: 'An upsert answers 201 whether it created a record or updated one.',
  quote: 'Rule for how an upsert decides between create and update, and its success status: not shown.',
  affects: ['custom-object.*', 'generated.*'],
  apply: variationFlag('upsert-update-201'),
});
