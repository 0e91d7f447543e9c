import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/** Deleting an opportunity edge answers 2xx, but the edge stays. */
export default defineFault({
  id: 'opportunity-relationship-delete-noop',
  breaks: ['opportunity.relationship.delete'],
  description: 'DELETE of an opportunity relationship edge answers success but the edge stays',
  apply(state) {
    wrapRoute(
      state,
      'DELETE',
      '/opportunity/:opportunity_id/relationship/:api_name/:target_id',
      (inner) => async (ctx) => {
        const parentId = ctx.params['opportunity_id'] ?? '';
        const before = ctx.store.edgesFrom(ctx.org.id, parentId, 'contact');
        const reply = await inner(ctx);
        const after = ctx.store.edgesFrom(ctx.org.id, parentId, 'contact');
        for (const edge of before) if (!after.includes(edge)) ctx.store.addEdge(edge);
        return reply;
      },
    );
  },
});
