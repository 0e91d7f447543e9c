import inlineRelationshipsAccepted from '../faults/inline-relationships-accepted.js';
import topLevelKeysIgnored from '../faults/top-level-keys-ignored.js';
import { defineVariation } from './define.js';

/**
 * Legal under the default reading; the faults of the same behaviour break the strict rules
 * write.attributes-only and contact.no-inline-relationships.
 */
export default defineVariation({
  id: 'other-top-level-keys-ignored',
  description:
    'Top-level keys of a write body other than attributes (and match), a relationships block among them, are ignored, not refused.',
  quote:
    'Request bodies are `{ attributes: {...} }` with no other top-level keys, except upsert (`attributes` plus `match`).',
  affects: ['write.*', 'contact.*', 'custom-object.*', 'generated.*'],
  apply: (state) => {
    topLevelKeysIgnored.apply(state);
    inlineRelationshipsAccepted.apply(state);
  },
});
