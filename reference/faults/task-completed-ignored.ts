import { defineFault } from './define.js';
import { rerender, storedOf, wrapRoute } from './kit.js';

/** status COMPLETED is accepted but not applied. */
export default defineFault({
  id: 'task-completed-ignored',
  breaks: ['task.status.completed'],
  description: 'PATCH /task/{id} with status COMPLETED answers 200 but the status does not change',
  apply(state) {
    wrapRoute(state, 'PATCH', '/task/:task_id', (inner) => async (ctx) => {
      const before = ctx.store.get(ctx.org.id, 'task', ctx.params['task_id'] ?? '');
      const status = before?.attrs['status'];
      const completedAt = before?.attrs['completed_at'] ?? null;
      const completedBy = before?.attrs['completed_by_user_id'] ?? null;
      const reply = await inner(ctx);
      const record = storedOf(ctx, reply);
      if (!record || status === 'COMPLETED' || record.attrs['status'] !== 'COMPLETED') return reply;
      Object.assign(record.attrs, { status, completed_at: completedAt, completed_by_user_id: completedBy });
      return rerender(ctx, reply, record);
    });
  },
});
