import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';
import { findRecord, recordReply } from '../routes/common.js';

/** PATCH /task without attributes answers 200 with the task unchanged. */
export default defineFault({
  id: 'task-attributes-optional',
  breaks: ['task.patch.attributes-required'],
  description: 'PATCH /task/{id} without an attributes key (or without a body) answers 200 with the unchanged task',
  apply(state) {
    wrapRoute(state, 'PATCH', '/task/:task_id', (inner) => (ctx) => {
      if (ctx.body !== undefined && 'attributes' in ctx.body) return inner(ctx);
      return recordReply(ctx, findRecord(ctx, 'task', ctx.params['task_id']));
    });
  },
});
