import { defineFault } from './define.js';
import { rerender, restore, snapshot, wrapRoute } from './kit.js';

/** DELETE answers success, but the record is not archived (archived_at stays null). */
export default defineFault({
  id: 'task-delete-not-archived',
  breaks: ['task.delete.archives'],
  description: 'DELETE of a task answers success but does not archive it: archived_at stays null',
  apply(state) {
    wrapRoute(state, 'DELETE', '/task/:task_id', (inner) => async (ctx) => {
      const record = ctx.store.get(ctx.org.id, 'task', ctx.params['task_id'] ?? '');
      const before = record ? snapshot(record) : undefined;
      const reply = await inner(ctx);
      if (!record || !before) return reply;
      restore(record, before);
      return rerender(ctx, reply, record);
    });
  },
});
