import { apiError } from '../errors.js';
import { bodyAttributes, wrapRoute } from '../faults/kit.js';
import { defineVariation } from './define.js';

/**
 * An account create does not take domains (422 field_not_writable): domains come from elsewhere in the
 * product, and the API can only remove them. The suite then works on the account the user names
 * (accountWithDomains) and judges the account_domain shape on the domains its answers show.
 */
export default defineVariation({
  id: 'account-domains-not-on-create',
  description: 'An account create refuses domains (422 field_not_writable).',
  quote:
    'Request attribute sets for account create, opportunity create and task patch beyond the fields named above: not shown.',
  affects: ['value.*', 'record.*', 'account.*', 'http.*', 'auth.*', 'isolation.*'],
  apply(state) {
    wrapRoute(state, 'POST', '/account', (inner) => (ctx) => {
      if (bodyAttributes(ctx)?.['domains'] !== undefined)
        throw apiError(422, 'field_not_writable', 'domains cannot be written', { field: 'domains' });
      return inner(ctx);
    });
  },
});
