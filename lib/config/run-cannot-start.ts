/**
 * The run cannot be made (bad flags, invalid fixtures, unreachable server, rejected key): the CLI
 * prints this one line, saying what and how to fix it, and exits 2.
 */
export class RunCannotStart extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunCannotStart';
  }
}
