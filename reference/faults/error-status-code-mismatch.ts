import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** The error body's status_code is always 400, whatever the HTTP status. */
export default defineFault({
  id: 'error-status-code-mismatch',
  breaks: ['error.status-code-mirrors'],
  description: 'every error body says status_code 400, whatever the HTTP status',
  apply(state) {
    mapErrors(state, (error, reply) => ({ ...reply, body: { ...error, status_code: 400 } }));
  },
});
