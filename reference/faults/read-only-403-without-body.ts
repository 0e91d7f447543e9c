import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** The read-only key's refusal is a bare 403. */
export default defineFault({
  id: 'read-only-403-without-body',
  breaks: ['auth.forbidden-403', 'error.body'],
  description: 'a write with the read-only key answers 403 with an empty body',
  apply(state) {
    mapErrors(state, (_error, reply) => (reply.status === 403 ? { status: 403 } : undefined));
  },
});
