import { defineVariation, variationFlag } from './define.js';

/**
 * A record of another organization is forbidden, not missing: a path naming it answers 403 (code
 * record_not_found) where a missing record answers 404 (reference/routes/common.ts reads the flag).
 * The spec states both "A caller without permission for the operation yields 403" and 404 not found.
 */
export default defineVariation({
  id: 'other-org-403',
  description: "A path naming another organization's record answers 403 rather than 404.",
  quote: 'A caller without permission for the operation yields 403.',
  affects: ['isolation.*', 'auth.*', 'record.organization-scoped'],
  apply: variationFlag('other-org-403'),
});
