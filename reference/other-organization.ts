import type { Org } from './model.js';
import type { ServerState } from './server.js';

/** The organization of the other organization's key (organization B), where the server has that key. */
export function otherOrganization(state: ServerState): Org | undefined {
  const user = state.principals.get(state.options.keys.otherOrgApiKey);
  return user ? state.store.orgs.get(user.orgId) : undefined;
}

/**
 * Organization B's custom object under an api_name of its own, `cus_obj__initiative`, where organization
 * A has `cus_obj__project` (a workspace names its own). `who` names the variation or fault that asks.
 */
export function otherOrganizationOwnType(state: ServerState, who: string): void {
  const own = otherOrganization(state)?.customObjects[0];
  if (!own) throw new Error(`${who}: no custom object for the other key`);
  own.api_name = 'cus_obj__initiative';
}
