import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** 401s have an empty body. */
export default defineFault({
  id: 'auth-401-without-body',
  breaks: ['auth.missing-401', 'error.body'],
  description: '401 answers have an empty body instead of the error body',
  apply(state) {
    mapErrors(state, (_error, reply) =>
      reply.status === 401 ? { status: 401, ...(reply.headers ? { headers: reply.headers } : {}) } : undefined,
    );
  },
});
