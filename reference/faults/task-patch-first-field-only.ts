import { defineFault } from './define.js';
import { bodyAttributes, wrapRoute, withAttributes } from './kit.js';

/**
 * A task patch applies the first attribute it carries and silently drops the rest (answered 2xx):
 * every task patch of the suite wrote one attribute, so a patch that loses most of its fields passed.
 */
export default defineFault({
  id: 'task-patch-first-field-only',
  breaks: ['task.patch.record'],
  description: 'PATCH /task/{id} applies only the first attribute of its body and drops the others',
  apply(state) {
    wrapRoute(state, 'PATCH', '/task/:task_id', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      if (!attributes) return inner(ctx);
      return inner(withAttributes(ctx, Object.fromEntries(Object.entries(attributes).slice(0, 1))));
    });
  },
});
