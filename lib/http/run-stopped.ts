/**
 * A request not sent because the run had stopped (an interruption, a server that stopped answering
 * or rate-limited the run past --max-wait): a step before the checks throws it so the run can still
 * write its reports, with every check it kept from running blocked under the one cause.
 */
export class RunStopped extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RunStopped';
  }
}
