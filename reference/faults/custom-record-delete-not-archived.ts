import { defineFault } from './define.js';
import { rerender, restore, snapshot, wrapRoute } from './kit.js';

/** DELETE answers success, but the record is not archived (archived_at stays null). */
export default defineFault({
  id: 'custom-record-delete-not-archived',
  breaks: ['custom-object.delete.archives'],
  description: 'DELETE of a custom-object record answers success but does not archive it: archived_at stays null',
  apply(state) {
    wrapRoute(state, 'DELETE', '/:custom_object_api_name/:record_id', (inner) => async (ctx) => {
      const record = ctx.store.get(
        ctx.org.id,
        ctx.params['custom_object_api_name'] ?? '',
        ctx.params['record_id'] ?? '',
      );
      const before = record ? snapshot(record) : undefined;
      const reply = await inner(ctx);
      if (!record || !before) return reply;
      restore(record, before);
      return rerender(ctx, reply, record);
    });
  },
});
