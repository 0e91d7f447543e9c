import { apiError } from '../errors.js';
import { defineFault } from './define.js';
import { bodyAttributes, wrapRoute } from './kit.js';

/** disposition is refused on a task patch. */
export default defineFault({
  id: 'task-disposition-not-patchable',
  breaks: ['task.patch.record'],
  description: 'PATCH /task/{id} refuses disposition with 422 field_not_updatable',
  apply(state) {
    wrapRoute(state, 'PATCH', '/task/:task_id', (inner) => (ctx) => {
      if (bodyAttributes(ctx)?.['disposition'] === undefined) return inner(ctx);
      throw apiError(422, 'field_not_updatable', 'disposition cannot be changed on update', { field: 'disposition' });
    });
  },
});
