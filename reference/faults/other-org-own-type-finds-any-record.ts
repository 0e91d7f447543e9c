import type { Org } from '../model.js';
import type { ServerState } from '../server.js';
import { customObjectOf } from '../attributes/index.js';
import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/** The organization of the other organization's key. */
function otherOrganization(state: ServerState): Org | undefined {
  const user = state.principals.get(state.options.keys.otherOrgApiKey);
  return user ? state.store.orgs.get(user.orgId) : undefined;
}

/**
 * Organization B's workspace names its custom object `cus_obj__initiative` (its own, as a workspace may),
 * and a custom-object PATCH under a type the caller has looks the record up by its id alone: a record of
 * another organization, of another type, is patched. Organization A's api_name is unknown to
 * organization B, so a probe naming it is refused as an unknown type either way.
 */
export default defineFault({
  id: 'other-org-own-type-finds-any-record',
  breaks: ['isolation.other-organization'],
  description:
    "organization B's custom object has its own api_name, and a PATCH under it finds organization A's record by id alone",
  apply(state) {
    const org = otherOrganization(state);
    const own = org?.customObjects[0];
    if (!own) throw new Error('fault other-org-own-type-finds-any-record: no custom object for the other key');
    own.api_name = 'cus_obj__initiative';
    wrapRoute(state, 'PATCH', '/:custom_object_api_name/:record_id', (inner) => (ctx) => {
      const id = ctx.params['record_id'] ?? '';
      const type = ctx.params['custom_object_api_name'] ?? '';
      if (!customObjectOf(ctx.org, type) || ctx.store.get(ctx.org.id, type, id)) return inner(ctx);
      const holder = [...ctx.store.orgs.values()]
        .map((o) => ({ o, r: ctx.store.find(o.id, id) }))
        .find(({ o, r }) => r !== undefined && customObjectOf(o, r.type) !== undefined);
      if (!holder?.r) return inner(ctx);
      return inner({ ...ctx, org: holder.o, params: { ...ctx.params, custom_object_api_name: holder.r.type } });
    });
  },
});
