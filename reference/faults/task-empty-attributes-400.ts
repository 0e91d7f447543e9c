import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** PATCH /task with { attributes: {} } answers 400, not 422. */
export default defineFault({
  id: 'task-empty-attributes-400',
  breaks: ['task.patch.empty-attributes-422'],
  description: 'PATCH /task/{id} with empty attributes answers 400 request_validation_failed instead of 422',
  apply(state) {
    mapErrors(state, (error, reply, request) => {
      if (request.method !== 'PATCH' || reply.status !== 422 || error.details?.['type'] !== 'too_short')
        return undefined;
      return { ...reply, status: 400, body: { ...error, status_code: 400 } };
    });
  },
});
