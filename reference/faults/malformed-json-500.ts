import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** A body that is not JSON crashes the server: 500. */
export default defineFault({
  id: 'malformed-json-500',
  breaks: ['media.malformed-json'],
  description: 'a malformed JSON body answers 500 instead of 400',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.details?.['type'] !== 'json_invalid') return undefined;
      return {
        ...reply,
        status: 500,
        body: {
          ...error,
          status_code: 500,
          code: 'write_not_supported',
          message: 'Internal error: Unexpected token',
          details: null,
        },
      };
    });
  },
});
