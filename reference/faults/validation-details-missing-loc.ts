import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** request_validation_failed details without loc. */
export default defineFault({
  id: 'validation-details-missing-loc',
  breaks: ['error.request-validation-details'],
  description: 'request_validation_failed details leave out loc',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'request_validation_failed' || !error.details) return undefined;
      const { loc: _dropped, ...details } = error.details;
      return { ...reply, body: { ...error, details } };
    });
  },
});
