import { customObjectOf } from '../attributes/index.js';
import { otherOrganizationOwnType } from '../other-organization.js';
import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';

/**
 * Organization B's workspace names its custom object `cus_obj__initiative`, and an upsert under a type
 * the caller has, whose match value no record of the caller's holds, looks in every organization and
 * every custom type: organization A's record holding that value is the one updated and answered.
 */
export default defineFault({
  id: 'other-org-own-type-upsert-matches-any-record',
  breaks: ['isolation.other-organization'],
  description:
    "organization B's custom object has its own api_name, and an upsert under it matches organization A's record by its match value",
  apply(state) {
    otherOrganizationOwnType(state, 'fault other-org-own-type-upsert-matches-any-record');
    wrapRoute(state, 'POST', '/:custom_object_api_name/_upsert', (inner) => (ctx) => {
      const type = ctx.params['custom_object_api_name'] ?? '';
      const match = ctx.body?.['match'];
      if (!customObjectOf(ctx.org, type) || !isObj(match) || typeof match['field'] !== 'string') return inner(ctx);
      const [field, value] = [match['field'], JSON.stringify(match['value'])];
      const holds = (orgId: string, t: string) =>
        ctx.store.list(orgId, t).some((r) => JSON.stringify(r.attrs[field]) === value);
      if (holds(ctx.org.id, type)) return inner(ctx);
      for (const org of ctx.store.orgs.values())
        for (const co of org.customObjects)
          if (holds(org.id, co.api_name))
            return inner({ ...ctx, org, params: { ...ctx.params, custom_object_api_name: co.api_name } });
      return inner(ctx);
    });
  },
});
