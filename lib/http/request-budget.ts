/**
 * The one place a run's requests are counted: how many are in flight (--concurrency), how many were
 * sent (--max-requests), and how far a 429 has lowered the concurrency. Every check's client of a run
 * shares one budget; the probe and the fixtures check send outside it.
 *
 * A 429 lowers the whole run's concurrency, not only that request's pace: the limit halves
 * (multiplicative decrease) and grows back by one per window of answers without a 429 (additive
 * increase), as TCP's congestion control does, so a rate-limited production server is not hammered.
 * One burst of 429s answering requests sent before the last decrease halves the limit once.
 *
 * A slot goes to the waiting request of the oldest check first: checks that started earlier finish
 * sooner, so fewer are in progress at once and a check holding a shared record (a task lock) is not
 * starved by the many that started after it.
 */
/** requests in a row without an answer, each sent after the last answer came, that stop the run */
export const STOP_AFTER_UNANSWERED = 3;

export class RequestBudget {
  /** the --concurrency the run was given: the ceiling the limit grows back to */
  readonly ceiling: number;
  /** the current limit on requests in flight */
  limit: number;
  /** the lowest the limit went (a 429 halves it) */
  lowest: number;
  inFlight = 0;
  /** requests sent (every attempt, 429 retries included) */
  sent = 0;
  /** 429 answers that lowered the limit */
  decreases = 0;
  private credit = 0;
  private lastAnswerMs = Number.NEGATIVE_INFINITY;
  private unansweredInRow = 0;
  /** `sent` at the last decrease: a 429 to a request sent before it does not halve again */
  private sentAtDecrease = -1;
  private readonly waiting: Array<{ priority: number; order: number; start: () => void }> = [];
  private order = 0;

  constructor(concurrency: number, readonly maxRequests?: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a positive integer, not ${concurrency}`);
    this.ceiling = concurrency;
    this.limit = concurrency;
    this.lowest = concurrency;
  }

  /**
   * Why the run sends no more requests, once it is stopped: an interruption (SIGINT, SIGTERM) or a
   * server that stopped cooperating. Every check's next request is refused with this reason (one
   * cause, one finding); only the archives of records the run made still go, until `stop(…, true)`.
   */
  stopped: string | undefined;
  /** the archives of the run's own records are refused too (the interruption's deadline passed) */
  stoppedHard = false;

  stop(reason: string, hard = false): void {
    this.stopped ??= reason;
    if (hard) this.stoppedHard = true;
  }

  /** Whether one more request may be sent under --max-requests (exempt requests are always sent). */
  exhausted(): boolean {
    return this.maxRequests !== undefined && this.sent >= this.maxRequests;
  }

  /** Counts a request about to be sent; returns its number (1-based), for `answered`. */
  count(): number {
    this.sent += 1;
    return this.sent;
  }

  /** Waits for a slot; a lower `priority` (an older check) is served first. */
  async acquire(priority = 0): Promise<void> {
    if (this.inFlight < this.limit && this.waiting.length === 0) {
      this.inFlight += 1;
      return;
    }
    await new Promise<void>((start) => {
      this.waiting.push({ priority, order: this.order++, start });
      this.waiting.sort((a, b) => a.priority - b.priority || a.order - b.order);
    });
  }

  release(): void {
    this.inFlight -= 1;
    this.admit();
  }

  /**
   * Feeds the answer to request number `n` (sent at `sentAtMs`, performance.now()) into the limit:
   * 429 halves it, anything else grows it back. No answer at all, to STOP_AFTER_UNANSWERED requests
   * in a row all sent after the last answer came, stops the run: the server stopped answering.
   */
  answered(n: number, status: number | undefined, sentAtMs = performance.now()): void {
    if (status === undefined) {
      if (sentAtMs > this.lastAnswerMs) this.unansweredInRow += 1;
      if (this.unansweredInRow >= STOP_AFTER_UNANSWERED) {
        this.stop(`the server stopped answering at ${new Date().toISOString().slice(11, 19)} UTC after ${this.sent} requests`);
      }
      return;
    }
    this.lastAnswerMs = performance.now();
    this.unansweredInRow = 0;
    if (status === 429) {
      if (n > this.sentAtDecrease) {
        this.limit = Math.max(1, Math.floor(this.limit / 2));
        this.lowest = Math.min(this.lowest, this.limit);
        this.sentAtDecrease = this.sent;
        this.credit = 0;
        this.decreases += 1;
      }
      return;
    }
    if (this.limit >= this.ceiling) return;
    this.credit += 1 / this.limit;
    if (this.credit >= 1) {
      this.credit -= 1;
      this.limit += 1;
      this.admit();
    }
  }

  private admit(): void {
    while (this.inFlight < this.limit && this.waiting.length > 0) {
      this.inFlight += 1;
      this.waiting.shift()!.start();
    }
  }
}
