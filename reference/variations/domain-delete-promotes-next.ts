import { defineVariation, variationFlag } from './define.js';

export default defineVariation({
  id: 'domain-delete-promotes-next',
  description:
    'Deleting the primary domain while other domains remain makes the next one primary; only the last domain is refused.',
  quote: '| cannot_remove_last_primary | the last primary item of a multi-valued attribute cannot be removed |',
  affects: ['account.*', 'generated.*'],
  apply: variationFlag('domain-delete-promotes-next'),
});
