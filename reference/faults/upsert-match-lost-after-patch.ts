import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';

/**
 * A PATCH of a custom-object record drops it from the match index (an index kept only by upsert's
 * create), so a later upsert with its match value makes a second record. An upsert after an upsert
 * still matches; only the order upsert, patch, upsert shows it.
 */
export default defineFault({
  id: 'upsert-match-lost-after-patch',
  breaks: ['generated.upsert-sequence', 'custom-object.upsert.updates-match'],
  description:
    "after PATCH /{custom_object}/{id}, an upsert with that record's match value creates a second record instead of updating it",
  apply(state) {
    const patched = new Set<string>();
    wrapRoute(state, 'PATCH', '/:custom_object_api_name/:record_id', (inner) => async (ctx) => {
      const reply = await inner(ctx);
      if (reply.status < 300) patched.add(ctx.params['record_id'] ?? '');
      return reply;
    });
    wrapRoute(state, 'POST', '/:custom_object_api_name/_upsert', (inner) => async (ctx) => {
      const match = ctx.body?.['match'];
      const field = isObj(match) && typeof match['field'] === 'string' ? match['field'] : undefined;
      const type = ctx.params['custom_object_api_name'] ?? '';
      const hidden =
        field === undefined
          ? []
          : ctx.store
              .list(ctx.org.id, type)
              .filter(
                (r) =>
                  patched.has(r.id) &&
                  JSON.stringify(r.attrs[field]) === JSON.stringify((match as Record<string, unknown>)['value']),
              );
      const saved = hidden.map((r) => r.attrs[field!]);
      hidden.forEach((r) => {
        r.attrs[field!] = null;
      });
      try {
        return await inner(ctx);
      } finally {
        hidden.forEach((r, i) => {
          r.attrs[field!] = saved[i];
        });
      }
    });
  },
});
