import { defineFault } from './define.js';
import { onRequest } from './kit.js';

/** A request without Authorization is taken as organization A's admin (a "dev mode" default user). */
export default defineFault({
  id: 'missing-auth-200',
  breaks: ['auth.missing-401'],
  description:
    'a request without an Authorization header is served as the default (organization A) user instead of 401',
  apply(state) {
    onRequest(state, (req) => {
      if (req.headers.authorization === undefined || req.headers.authorization.trim() === '')
        req.headers.authorization = `Bearer ${state.options.keys.apiKey}`;
    });
  },
});
