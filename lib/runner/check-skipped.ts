/** Thrown by `c.skip`, `c.need`, `c.needKey` and --read-only: the check did not run, and says why. */
export class CheckSkipped extends Error {
  override name = 'CheckSkipped';
}
