import { defineFault } from './define.js';
import { mapErrors, recoded } from './kit.js';

/**
 * The relationship POSTs sit behind a proxy with a body limit of its own, whose 413 carries the code
 * request_validation_failed (details null: that code's details are stated only as an object's shape,
 * and the limiter's { max_bytes } is none). The contact create, which the suite checked alone before,
 * still says payload_too_large.
 */
export default defineFault({
  id: 'relationship-payload-too-large-wrong-code',
  breaks: ['error.code.payload-too-large'],
  description:
    'an oversize body to a relationship POST is answered 413 with the code request_validation_failed instead of payload_too_large',
  apply(state) {
    mapErrors(state, (error, reply, request) => {
      if (error.code !== 'payload_too_large' || !/\/relationship\/[^/]+$/.test(request.path)) return undefined;
      return recoded({ ...error, details: null }, reply, 'request_validation_failed');
    });
  },
});
