import { attributesOf } from '../attributes/index.js';
import { defineFault } from './define.js';
import { bodyAttributes, rerender, storedOf, wrapRoute } from './kit.js';

/** A task patch is a replace: writable attributes not sent are cleared. */
export default defineFault({
  id: 'task-patch-clobbers',
  breaks: ['task.patch.record'],
  description: 'PATCH /task/{id} replaces the task: writable attributes not in the body are cleared',
  apply(state) {
    wrapRoute(state, 'PATCH', '/task/:task_id', (inner) => async (ctx) => {
      const sent = Object.keys(bodyAttributes(ctx) ?? {});
      const reply = await inner(ctx);
      const record = storedOf(ctx, reply);
      if (!record || reply.status >= 300) return reply;
      for (const def of attributesOf(ctx.org, 'task', ctx.profile)) {
        if (
          (def.access === 'rw' || def.access === 'update') &&
          !def.hidden &&
          !sent.includes(def.name) &&
          def.name !== 'status'
        )
          record.attrs[def.name] = null;
      }
      return rerender(ctx, reply, record);
    });
  },
});
