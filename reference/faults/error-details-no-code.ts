import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** details objects lack the discriminating code. */
export default defineFault({
  id: 'error-details-no-code',
  breaks: ['error.details-discriminated'],
  description: 'error details objects do not carry the code that discriminates their shape',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (!error.details || error.code === 'request_validation_failed') return undefined;
      const { code: _dropped, ...details } = error.details;
      return { ...reply, body: { ...error, details } };
    });
  },
});
