import { otherEnd } from '../store.js';
import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/**
 * The opportunity edge DELETE finds the edge by its target alone: a target the opportunity in the
 * path has no edge to is unlinked from whichever opportunity of any organization has one.
 */
export default defineFault({
  id: 'edge-removed-by-target-alone',
  breaks: ['isolation.other-organization'],
  description:
    "DELETE /opportunity/{id}/relationship/{api_name}/{target_id} removes an edge to that target wherever it is, another organization's opportunity included",
  apply(state) {
    const pattern = '/opportunity/:opportunity_id/relationship/:api_name/:target_id';
    wrapRoute(state, 'DELETE', pattern, (inner) => (ctx) => {
      const target = ctx.params['target_id'] ?? '';
      const linked = (orgId: string, id: string) =>
        ctx.store.edgesFrom(orgId, id, 'contact').some((e) => otherEnd(e, id).id === target);
      const here = ctx.store.get(ctx.org.id, 'opportunity', ctx.params['opportunity_id'] ?? '');
      if (here && !linked(ctx.org.id, here.id)) {
        for (const org of ctx.store.orgs.values()) {
          const owner = ctx.store.list(org.id, 'opportunity').find((r) => linked(org.id, r.id));
          if (owner) return inner({ ...ctx, org, params: { ...ctx.params, opportunity_id: owner.id } });
        }
      }
      return inner(ctx);
    });
  },
});
