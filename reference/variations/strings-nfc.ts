import { defineVariation, variationFlag } from './define.js';

export default defineVariation({
  id: 'strings-nfc',
  description: 'Stored text is normalised to Unicode NFC: `e` followed by a combining acute reads back as `é`.',
  quote: 'silent: "| string | string |" promises no byte-exact storage of text',
  affects: ['value.*', 'write.*', 'contact.*', 'generated.*', 'custom-object.*', 'robustness.*'],
  apply: variationFlag('strings-nfc'),
});
