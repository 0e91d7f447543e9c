import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** The 401 for an unknown key has no code. */
export default defineFault({
  id: 'invalid-key-code-missing',
  breaks: ['auth.invalid-key', 'error.body'],
  description: 'the 401 answering an unknown API key has no code (and details without one)',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.details?.['reason'] !== 'unknown_key') return undefined;
      const { code: _dropped, ...body } = error;
      return { ...reply, body: { ...body, details: null } };
    });
  },
});
