import topLevelKeysIgnored from '../faults/top-level-keys-ignored.js';
import { defineVariation } from './define.js';

/** Legal under the default reading; the fault of the same behaviour breaks the strict rule write.attributes-only. */
export default defineVariation({
  id: 'other-top-level-keys-ignored',
  description: 'Top-level keys of a write body other than attributes (and match) are ignored, not refused.',
  quote:
    'Request bodies are `{ attributes: {...} }` with no other top-level keys, except upsert (`attributes` plus `match`).',
  affects: ['write.*', 'contact.*', 'custom-object.*', 'generated.*'],
  apply: topLevelKeysIgnored.apply,
});
