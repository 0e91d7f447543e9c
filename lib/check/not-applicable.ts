import type { Exchange } from '../http/exchange.js';

/**
 * Thrown by `c.notApplicable`: the server's legal choices leave the check's rule nothing to judge, and
 * no input a person could supply would change that. Not a skip (nothing to supply) and not blocked
 * (nothing failed): the reason names the answers that prove it, which are the check's evidence.
 */
export class CheckNotApplicable extends Error {
  override name = 'CheckNotApplicable';

  constructor(
    message: string,
    /** the answers that show the rule has nothing to judge on this server */
    readonly proof: readonly Exchange[] = [],
  ) {
    super(message);
  }
}
