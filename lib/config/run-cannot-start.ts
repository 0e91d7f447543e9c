/**
 * The run cannot be made (bad flags, invalid fixtures, unreachable server, rejected key): the CLI
 * prints this one line, saying what and how to fix it, and exits 2.
 */
export class RunCannotStart extends Error {
  /**
   * @param lines each a line of the suite's own, where the message is several (one per fixtures
   * mistake): a line break inside one of them is server text and is quoted, a line of this list is not
   */
  constructor(
    message: string,
    readonly lines?: readonly string[],
  ) {
    super(message);
    this.name = 'RunCannotStart';
  }
}
