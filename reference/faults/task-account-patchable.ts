import { defineFault } from './define.js';
import { bodyAttributes, rerender, withAttributes, wrapRoute } from './kit.js';

const RELATIONSHIPS = ['account_id', 'pipeline_id'];

/** A task patch takes account_id and pipeline_id: answered 2xx (and otherwise ignored). */
export default defineFault({
  id: 'task-account-patchable',
  breaks: ['task.patch.relationships-not-patchable'],
  description: 'PATCH /task/{id} accepts account_id and pipeline_id with 200 instead of refusing them',
  apply(state) {
    wrapRoute(state, 'PATCH', '/task/:task_id', (inner) => async (ctx) => {
      const attributes = bodyAttributes(ctx);
      if (!attributes || !RELATIONSHIPS.some((k) => k in attributes)) return inner(ctx);
      const rest = Object.fromEntries(Object.entries(attributes).filter(([k]) => !RELATIONSHIPS.includes(k)));
      if (Object.keys(rest).length > 0) return inner(withAttributes(ctx, rest));
      const record = ctx.store.get(ctx.org.id, 'task', ctx.params['task_id'] ?? '');
      const reply = await inner(withAttributes(ctx, { disposition: record?.attrs['disposition'] ?? null }));
      return record ? rerender(ctx, reply, record) : reply;
    });
  },
});
