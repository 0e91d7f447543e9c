import { defineVariation, variationFlag } from './define.js';

export default defineVariation({
  id: 'archived-not-addressable',
  description: 'An archived record answers every read, patch and DELETE of its id with 404 record_not_found.',
  quote:
    '| task, account or custom-object record (active) | DELETE on the record | record exists | archived | none further stated |',
  affects: ['account.*', 'task.*', 'custom-object.*', 'generated.*', 'http.*', 'opportunity.*', 'contact.*'],
  apply: variationFlag('archived-not-addressable'),
});
