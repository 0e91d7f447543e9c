import { defineFault } from './define.js';
import { mapReplies, onRequest } from './kit.js';
import { apiError } from '../errors.js';

/** After this many requests with a failing credential, every further one is answered 429. */
const FAILED_AUTH_ALLOWANCE = 10;

/**
 * 429 answers carry no error body. A rate limiter answers with a bare 429 (Retry-After: 0, no
 * body): the limiter of `rateLimitEvery`, if the run sets one, and a brute-force guard this fault
 * adds, which answers 429 to every request with a missing or unknown key once 10 have been seen.
 * A 429 is allowed (the quota is not shown), so the only deviation is the missing error body;
 * the guard makes the suite meet 429s it cannot retry its way past: requests it sends without
 * a valid key on purpose (the error-body checks of the authentication provocations).
 */
export default defineFault({
  id: 'rate-limit-no-body',
  breaks: ['error.body'],
  description:
    '429 answers have an empty body instead of the error body (a brute-force guard limits requests with failing credentials)',
  apply(state) {
    let failedAuth = 0;
    onRequest(state, (req) => {
      const header = req.headers.authorization ?? '';
      const key = /^Bearer +(\S+) *$/i.exec(header)?.[1];
      if (key !== undefined && state.principals.has(key)) return;
      failedAuth += 1;
      if (failedAuth > FAILED_AUTH_ALLOWANCE)
        throw apiError(429, 'rate_limit_exceeded', 'Too many failed authentications', null);
    });
    mapReplies(state, (reply) => (reply.status === 429 ? { status: 429, headers: { 'Retry-After': '0' } } : reply));
  },
});
