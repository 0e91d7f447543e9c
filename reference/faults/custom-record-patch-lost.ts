import { defineFault } from './define.js';
import { restore, snapshot, wrapRoute } from './kit.js';

/**
 * A custom-object patch answers the changed record but never stores the change: judged from its
 * answer alone, it passed; the record read back through an upsert of its match value shows it.
 */
export default defineFault({
  id: 'custom-record-patch-lost',
  breaks: ['custom-object.patch.record'],
  description: 'PATCH /{custom_object_api_name}/{id} answers the patched record but the change is not persisted',
  apply(state) {
    wrapRoute(state, 'PATCH', '/:custom_object_api_name/:record_id', (inner) => async (ctx) => {
      const type = ctx.params['custom_object_api_name'] ?? '';
      const record = ctx.store.get(ctx.org.id, type, ctx.params['record_id'] ?? '');
      const before = record ? snapshot(record) : undefined;
      const reply = await inner(ctx);
      if (record && before) restore(record, before);
      return reply;
    });
  },
});
