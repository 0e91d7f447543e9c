import { Pace } from './pace.js';
import type { RequestBudget } from './request-budget.js';
import type { Outgoing } from './outgoing.js';
import { endpointOf, type RefusalKind } from './refusals.js';
import type { OperationIndex } from '../operations/operation-index.js';

/** What a request that must not be sent does instead: it throws. */
export type Refuse = (kind: RefusalKind, message: string) => never;

/**
 * Whose turn it is to send: the run's budget (--concurrency slots, --max-requests) and its pace (a
 * 429's pause, the server's rate, a stopped run). A client without a budget (init, cleanup, a unit
 * test) keeps a pace of its own, and its requests are neither capped nor counted.
 */
export class Turns {
  readonly pace: Pace;

  constructor(
    private readonly budget: RequestBudget | undefined,
    maxWaitMs: number | undefined,
    private readonly operations: OperationIndex,
    private readonly refuse: Refuse,
  ) {
    this.pace = budget?.pace ?? new Pace(maxWaitMs !== undefined ? { maxWaitMs } : {});
  }

  /** Counts the attempt and waits for its turn (a slot, then the pace); returns its number in the run. */
  async take(r: Outgoing, retry: boolean, priority: number | undefined): Promise<number> {
    const n = this.count(r);
    const exempt = r.exempt;
    const go = this.budget
      ? await this.budget.acquire(priority, { retry, exempt })
      : await this.pace.turn({ retry, exempt, priority: priority ?? 0 });
    // the run may have stopped while this request waited for its turn
    try {
      this.refuseIfStopped(r);
    } catch (err) {
      if (go) this.budget?.release();
      throw err;
    }
    // let go without a turn: the run stopped (refused above, but never sent without a turn)
    if (!go) this.refuse('stopped', `blocked: ${this.pace.stopped ?? 'the run stopped'}`);
    return n;
  }

  /** The attempt is over: its slot goes back, and its answer (or none) teaches the budget the server's pace. */
  done(n: number, status: number | undefined, sentAt: number, headersAt?: number): void {
    this.budget?.release();
    // a 429 lowers the concurrency only once the pace has judged it a quota's (limited, below)
    this.budget?.answered(n, status, sentAt, false, headersAt);
  }

  /** A 429 to attempt `n` that a quota explains: the concurrency halves (once per burst). */
  limited(n: number): void {
    this.budget?.limited(n);
  }

  /** Counts one request about to be sent (its number in the run); past --max-requests it is refused instead. */
  count(r: Outgoing): number {
    const budget = this.budget;
    this.refuseIfStopped(r);
    if (budget === undefined) return 0;
    if (!r.exempt && budget.exhausted()) {
      this.refuse(
        'max-requests',
        `blocked: the run reached --max-requests ${budget.maxRequests}; ${r.method.toUpperCase()} ${endpointOf(r.method, r.path, this.operations)} was not sent (raise --max-requests to run the rest)`,
      );
    }
    return budget.count();
  }

  /**
   * A stopped run sends nothing more but the archives of its own records, until it stops hard; an
   * archive it does not send is named in the run's reports (pace.notSent).
   */
  refuseIfStopped(r: Outgoing): void {
    const why = this.pace.stopped;
    if (why === undefined || (r.exempt && !this.pace.stoppedHard)) return;
    if (r.exempt)
      this.pace.notSend({
        request: `${r.method.toUpperCase()} ${r.path}`,
        purpose: 'the archive of a record the run made',
        why,
      });
    this.refuse('stopped', `blocked: ${why}`);
  }
}
