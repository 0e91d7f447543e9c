import { defineVariation, variationFlag } from './define.js';

export default defineVariation({
  id: 'empty-string-clears',
  description: 'Writing an empty string to a text attribute clears it: it reads back as `null`.',
  quote: 'silent: "| string | string |" promises no byte-exact storage of text; only null is said to clear',
  affects: ['value.*', 'write.*', 'contact.*', 'generated.*', 'custom-object.*', 'task.*'],
  apply: variationFlag('empty-string-clears'),
});
