import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';
import { apiError } from '../errors.js';

/**
 * A valid key is refused on the read of a record that exists (an authorization layer that checks
 * keys against the record's cache and gets it wrong). An unknown id still answers 404, so the
 * probe (a read of a random id) lets the run start and the checks meet the 401.
 */
export default defineFault({
  id: 'valid-key-read-401',
  breaks: ['auth.bearer-accepted'],
  description: 'GET /contact/{contact_id} of an existing contact answers 401 invalid_api_key to a valid key',
  apply(state) {
    wrapRoute(state, 'GET', '/contact/:contact_id', (inner) => async (ctx) => {
      const reply = await inner(ctx);
      if (reply.status >= 200 && reply.status <= 299) throw apiError(401, 'invalid_api_key', 'API key rejected', null);
      return reply;
    });
  },
});
