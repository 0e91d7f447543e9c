import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** A cursor the server cannot decode crashes it: 500. */
export default defineFault({
  id: 'invalid-cursor-500',
  breaks: ['pagination.invalid-cursor'],
  description: 'a cursor the server never issued answers 500 instead of a 4xx',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'invalid_cursor') return undefined;
      return {
        ...reply,
        status: 500,
        body: {
          ...error,
          status_code: 500,
          code: 'write_not_supported',
          message: 'Internal error: cannot decode cursor',
          details: null,
        },
      };
    });
  },
});
