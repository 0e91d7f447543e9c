import { defineFault } from './define.js';
import { isObj, sleep, wrapRoute } from './kit.js';

/**
 * Check-then-insert with a gap: the upsert looks for a match, waits (a slow database round
 * trip), then creates if it found none. Sequential upserts still update; concurrent ones with
 * one match value both create. The creation reuses the upsert-duplicates hook, per request.
 */
export default defineFault({
  id: 'upsert-concurrent-duplicates',
  breaks: ['custom-object.upsert.concurrent'],
  description: 'concurrent upserts with one match value race between lookup and insert and create several records',
  apply(state) {
    wrapRoute(state, 'POST', '/:custom_object_api_name/_upsert', (inner) => async (ctx) => {
      const match = ctx.body?.['match'];
      const type = ctx.params['custom_object_api_name'] ?? '';
      if (!isObj(match) || typeof match['field'] !== 'string') return inner(ctx);
      const field = match['field'];
      const found = ctx.store
        .list(ctx.org.id, type)
        .some(
          (r) => r.attrs['archived_at'] == null && JSON.stringify(r.attrs[field]) === JSON.stringify(match['value']),
        );
      await sleep(60);
      return inner(found ? ctx : { ...ctx, faults: new Set([...ctx.faults, 'upsert-duplicates']) });
    });
  },
});
