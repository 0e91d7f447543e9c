import { defineVariation, variationFlag } from './define.js';

export default defineVariation({
  id: 'upsert-updates-archived',
  description:
    'An upsert whose match value belongs to an archived record updates that record in place (it stays archived).',
  quote: 'Rule for how an upsert decides between create and update, and its success status: not shown.',
  affects: ['custom-object.*', 'generated.*'],
  apply: variationFlag('upsert-updates-archived'),
});
