import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/**
 * A body-size limiter in front of the routes answers 413 with its own small body, `{ code, message }`:
 * the code the spec lists, but none of the error body's status_code, error_type or details. The checks
 * of the oversize body read only its code; every other error answer still carries the error body.
 */
export default defineFault({
  id: 'payload-too-large-limiter-body',
  breaks: ['error.body'],
  description: "413 answers carry the body-size limiter's own { code, message }, not the error body",
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (reply.status !== 413) return undefined;
      return { ...reply, body: { code: error.code, message: 'request entity too large' } };
    });
  },
});
