import { defineVariation, variationFlag } from './define.js';

export default defineVariation({
  id: 'empty-patch-refused',
  description:
    "A PATCH of a contact or custom-object record whose `attributes` is empty is refused with 422, as a task's is.",
  quote: 'An `attributes` object with zero set fields is rejected with 422.',
  affects: ['contact.*', 'custom-object.*', 'write.*', 'generated.*'],
  apply: variationFlag('empty-patch-refused'),
});
