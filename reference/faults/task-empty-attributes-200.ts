import { defineFault } from './define.js';
import { bodyAttributes, wrapRoute } from './kit.js';
import { findRecord, recordReply } from '../routes/common.js';

/** PATCH /task with { attributes: {} } answers 200 with the task unchanged. */
export default defineFault({
  id: 'task-empty-attributes-200',
  breaks: ['task.patch.empty-attributes-422'],
  description: 'PATCH /task/{id} with empty attributes answers 200 with the unchanged task instead of 422',
  apply(state) {
    wrapRoute(state, 'PATCH', '/task/:task_id', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      if (!attributes || Object.keys(attributes).length > 0) return inner(ctx);
      return recordReply(ctx, findRecord(ctx, 'task', ctx.params['task_id']));
    });
  },
});
