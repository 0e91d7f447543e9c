import { defineVariation, variationFlag } from './define.js';

/**
 * A task patch that sets an account or pipeline relationship (account_id, pipeline_id) is answered
 * 2xx with the relationship ignored, as a contact patch may ignore display_name ("display_name is not
 * patchable"): "not patchable" is one reading for both, the value never stored, refused or not.
 */
export default defineVariation({
  id: 'task-relationships-ignored',
  description: 'A task patch setting account_id or pipeline_id is answered 2xx with them ignored, not refused.',
  quote: 'account and pipeline relationships are not patchable here',
  affects: ['task.*', 'write.*', 'auth.*', 'isolation.*'],
  apply: variationFlag('task-relationships-ignored'),
});
