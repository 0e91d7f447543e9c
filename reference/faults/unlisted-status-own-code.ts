import ownCodes from '../variations/own-codes-for-unlisted-statuses.js';
import { defineFault } from './define.js';

/**
 * A deviation under the strict reading only (error.code-listed-no-fit): the same behaviour as the
 * legal variation own-codes-for-unlisted-statuses, which the default reading allows.
 */
export default defineFault({
  id: 'unlisted-status-own-code',
  breaks: ['error.code-listed-no-fit'],
  description:
    "403, 405 and 406 carry codes of the server's own (forbidden, method_not_allowed, not_acceptable), not listed ones",
  apply: ownCodes.apply,
});
