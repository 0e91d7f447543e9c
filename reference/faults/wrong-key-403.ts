import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** An unknown key answers 403 instead of 401. */
export default defineFault({
  id: 'wrong-key-403',
  breaks: ['auth.invalid-key'],
  description: 'a well-formed but unknown API key answers 403 instead of 401',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.details?.['reason'] !== 'unknown_key') return undefined;
      return { ...reply, status: 403, body: { ...error, status_code: 403 } };
    });
  },
});
