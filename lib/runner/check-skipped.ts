import type { SkipNeed } from '../check/outcome.js';

/** Thrown by `c.skip`, `c.need`, `c.needKey` and --read-only: the check did not run, and says why. */
export class CheckSkipped extends Error {
  override name = 'CheckSkipped';

  constructor(
    message: string,
    /** the fixtures key or flag the check needed, when one would let it run */
    readonly needs?: SkipNeed,
  ) {
    super(message);
  }
}
