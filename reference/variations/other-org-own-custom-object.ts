import type { Org } from '../model.js';
import type { ServerState } from '../server.js';
import { defineVariation } from './define.js';

/** The organization of the other organization's key. */
function otherOrganization(state: ServerState): Org | undefined {
  const user = state.principals.get(state.options.keys.otherOrgApiKey);
  return user ? state.store.orgs.get(user.orgId) : undefined;
}

/**
 * Organization B is another workspace with a custom object of its own: `cus_obj__initiative`, where
 * organization A has `cus_obj__project`. Organization A's api_name is an unknown type to organization B.
 */
export default defineVariation({
  id: 'other-org-own-custom-object',
  description:
    "Organization B's custom object is its own (cus_obj__initiative): organization A's api_name is unknown to organization B.",
  quote: 'custom objects (per-workspace record types whose api_name starts with `cus_obj__`)',
  affects: ['isolation.*', 'custom-object.*'],
  apply(state) {
    const own = otherOrganization(state)?.customObjects[0];
    if (!own) throw new Error('variation other-org-own-custom-object: no custom object for the other key');
    own.api_name = 'cus_obj__initiative';
  },
});
