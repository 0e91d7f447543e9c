import { Pace } from './pace.js';
import { ownDelayMeter } from './own-delay.js';

/**
 * The one place a run's requests are counted: how many are in flight (--concurrency), how many were
 * sent (--max-requests), and how far a 429 has lowered the concurrency. Every check's client of a run
 * shares one budget; the probe, the fixtures check and the read of kept records after the run send on
 * another budget (not counted by --max-requests) of the same pace.
 *
 * The limit finds the server's pace, as TCP's congestion control does. It starts at
 * START_CONCURRENCY (or the ceiling, --concurrency, when lower; the checks' budget lower when the
 * probe's and fixtures check's was lowered for 429s) and grows per clean window (as many answers as the limit, while
 * requests were waiting for a slot): doubling until the first decrease (TCP's slow start: from 8 to 32
 * in two round trips, not 24), then by one. Clean: no 429, and the window's median latency (to the
 * answer's headers) within LATENCY_RISE times the run's lowest window median (TCP Vegas' signal: a
 * server that slows under load is queueing). A latency rise is judged less the time answers waited on
 * this process's own event loop (lib/http/own-delay.ts), and only SLOW_WINDOWS in a row lower the
 * limit: a run 200 ms away whose own CPU held its answers, or a machine that gave it no core for a
 * moment, is not a struggling server. A 429 or a latency rise halves it (multiplicative decrease), so a
 * rate-limited or struggling production server is not hammered; a latency rise never below the start
 * (the pace the suite always ran at), a 429 down to one. One burst of 429s (or one slow
 * window) answering requests sent before the last decrease halves the limit once. `path` records
 * every change, for the report.
 *
 * A slot goes to a request sent again after a 429 first, then to the waiting request of the oldest
 * check: checks that started earlier finish sooner, so fewer are in progress at once and a check
 * holding a shared record (a task lock) is not starved by the many that started after it. Such a
 * check is the run's critical path (its turns and the turns of the checks waiting on it add up to the
 * run's longest chain): from START_CONCURRENCY up one slot is kept for its requests, and its answers
 * are taken up before the others that came in the same turn of the event loop (`takeUp`).
 *
 * Between a slot and the wire sits the run's pace (lib/http/pace.ts): a request holding a slot waits
 * there for its turn, which a 429's pause and the server's rate decide. Budgets of one run share one pace,
 * and with it the run's stop.
 */
/** requests in a row without an answer, each sent after the last answer came, that stop the run */
export const STOP_AFTER_UNANSWERED = 3;
/** where the limit starts; it grows from here towards the ceiling */
export const START_CONCURRENCY = 8;
/** a window's median latency above this many times the run's lowest window median is a rise… */
export const LATENCY_RISE = 1.5;
/** …when it is also this many milliseconds above it: jitter on a loopback server is no rise */
export const LATENCY_RISE_MIN_MS = 10;
/** slow windows in a row that lower the limit */
export const SLOW_WINDOWS = 2;
/** the most changes `path` keeps (a long run behind a flapping limit stays readable) */
const PATH_CAP = 200;

/** One change of the limit: after request `atRequest`, to `limit`, because of `why`. */
export interface ConcurrencyStep {
  atRequest: number;
  limit: number;
  why: 'grew' | '429' | 'latency';
}

export class RequestBudget {
  /** the --concurrency the run was given: the ceiling the limit grows to */
  readonly ceiling: number;
  /** where the limit started */
  readonly start: number;
  /** the highest the limit went */
  highest: number;
  /** every change of the limit, in order (at most PATH_CAP) */
  readonly path: ConcurrencyStep[] = [];
  /** the current limit on requests in flight */
  limit: number;
  /** the lowest the limit went (a 429 halves it) */
  lowest: number;
  inFlight = 0;
  /** requests sent (every attempt, 429 retries included) */
  sent = 0;
  /** 429 answers that lowered the limit */
  decreases = 0;
  /** slow windows (latency rises) that lowered the limit */
  latencyDecreases = 0;
  /** the latencies (ms) of the answers of the current window */
  private window: number[] = [];
  /** the lowest request number of the current window */
  private windowFirst = Number.POSITIVE_INFINITY;
  /** until the first decrease the limit doubles per clean window (TCP's slow start), then grows by one */
  private slowStart = true;
  /** a request waited for a slot during the current window: more concurrency would have been used */
  private saturated = false;
  /** the lowest window median of the run (ms): the server's latency unloaded */
  private baseMedianMs = Number.POSITIVE_INFINITY;
  private lastAnswerMs = Number.NEGATIVE_INFINITY;
  private unansweredInRow = 0;
  /** slow windows in a row (a latency rise) */
  private slowInRow = 0;
  /** `sent` at the last decrease: a 429 to a request sent before it does not halve again */
  private sentAtDecrease = -1;
  private readonly waiting: Array<{ retry: boolean; priority: number; order: number; start: () => void }> = [];
  private order = 0;
  private readonly answersWaiting: Array<{ priority: number; order: number; start: () => void }> = [];

  constructor(
    concurrency: number,
    readonly maxRequests?: number,
    readonly pace: Pace = new Pace(),
    /** how long answers waited on this process itself since last asked (ms): lib/http/own-delay.ts */
    private readonly ownDelay: () => number = ownDelayMeter(),
    /** where the limit starts, when not START_CONCURRENCY (never past the ceiling) */
    start = START_CONCURRENCY,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new Error(`concurrency must be a positive integer, not ${concurrency}`);
    this.ceiling = concurrency;
    this.start = Math.min(start, concurrency);
    this.limit = this.start;
    this.lowest = this.start;
    this.highest = this.start;
  }

  /**
   * A limit `before` (the probe's and the fixtures check's budget) lowered for 429s, carried into this
   * one before its first request: a server that said it was metered there is not sent START_CONCURRENCY
   * at once here. A limit it grew stays behind: the checks' first wave is START_CONCURRENCY at most,
   * whatever the few reads before them showed (a server may meter its writes alone).
   */
  continueFrom(before: RequestBudget): void {
    // the share of its start that 429s left it: a budget that started wider than this one (the
    // preflight's one wave) halved once leaves this one half its start too
    const limit = Math.max(1, Math.floor((this.limit * before.limit) / before.start));
    if (this.sent > 0 || before.decreases === 0 || limit >= this.limit) return;
    this.slowStart = false;
    this.limit = limit;
    this.lowest = Math.min(this.lowest, this.limit);
    this.note('429');
  }

  /**
   * Why the run sends no more requests, once it is stopped: an interruption (SIGINT, SIGTERM) or a
   * server that stopped cooperating. Every check's next request is refused with this reason (one
   * cause, one finding); only the archives of records the run made still go, until `stop(…, true)`.
   * The stop is the run's (its pace's): every budget sharing the pace is stopped with it.
   */
  get stopped(): string | undefined {
    return this.pace.stopped;
  }

  /** the archives of the run's own records are refused too (the interruption's grace is over, or the server said so) */
  get stoppedHard(): boolean {
    return this.pace.stoppedHard;
  }

  stop(reason: string, hard = false): void {
    this.pace.stop(reason, hard);
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

  /**
   * Waits for a slot, then for the pace's turn; a retry first, then a lower `priority` (an older
   * check). False when the run stopped while it waited: the slot is given back and nothing is sent.
   */
  async acquire(priority = 0, o: { retry?: boolean; exempt?: boolean } = {}): Promise<boolean> {
    const retry = o.retry ?? false;
    await this.slot(priority, retry);
    const go = await this.pace.turn({ priority, retry, exempt: o.exempt ?? false });
    if (!go) this.release();
    return go;
  }

  private async slot(priority: number, retry: boolean): Promise<void> {
    if (this.waiting.length === 0 && this.inFlight < this.open(priority)) {
      this.inFlight += 1;
      if (this.inFlight >= this.open(0)) this.saturated = true;
      return;
    }
    this.saturated = true;
    await new Promise<void>((start) => {
      this.waiting.push({ retry, priority, order: this.order++, start });
      this.waiting.sort((a, b) => Number(b.retry) - Number(a.retry) || a.priority - b.priority || a.order - b.order);
      // a request of the critical path may take the slot kept for it while others wait
      this.admit();
    });
  }

  /**
   * The slots a request of `priority` may take: all of the limit for the critical path (a check others
   * wait on: lib/runner/record-lock.ts), one fewer for the rest once the limit is START_CONCURRENCY or
   * more. Its every step is a round trip the run cannot make up, so it never waits for another
   * request's answer to free a slot; the one slot kept costs the others a few percent.
   */
  private open(priority: number): number {
    return priority === Number.NEGATIVE_INFINITY || this.limit < START_CONCURRENCY ? this.limit : this.limit - 1;
  }

  release(): void {
    this.inFlight -= 1;
    this.admit();
  }

  /**
   * Waits, after an answer came, for this process to take it up: at once for the critical path (a
   * check others wait on, `priority` -Infinity), else in the event loop's next turn, beside the answers
   * that came in this one, the lower priority first. Answers come in waves (requests sent at once):
   * each taken up as it is read, its check building its next requests before the loop reads the next
   * answer, the critical path's answer would wait behind a wave's worth of this process's CPU at every step.
   */
  async takeUp(priority = 0): Promise<void> {
    if (priority === Number.NEGATIVE_INFINITY) return;
    await new Promise<void>((start) => {
      this.answersWaiting.push({ priority, order: this.order++, start });
      if (this.answersWaiting.length === 1) setImmediate(() => this.takeUpWaiting());
    });
  }

  private takeUpWaiting(): void {
    const taken = this.answersWaiting.splice(0).sort((a, b) => a.priority - b.priority || a.order - b.order);
    for (const a of taken) a.start();
  }

  /**
   * Feeds the answer to request number `n` (sent at `sentAtMs`, its headers come at `headersAtMs`,
   * performance.now()) into the limit:
   * a 429 halves it; a window of answers grows it by one, or halves it when its latency rose. No
   * answer at all, to STOP_AFTER_UNANSWERED requests in a row all sent after the last answer came,
   * stops the run: the server stopped answering.
   */
  answered(
    n: number,
    status: number | undefined,
    sentAtMs = performance.now(),
    halveOn429 = true,
    headersAtMs?: number,
  ): void {
    if (status === undefined) {
      if (sentAtMs > this.lastAnswerMs) this.unansweredInRow += 1;
      if (this.unansweredInRow >= STOP_AFTER_UNANSWERED) {
        this.stop(
          `the server stopped answering at ${new Date().toISOString().slice(11, 19)} UTC after ${this.sent} requests`,
        );
      }
      return;
    }
    const now = performance.now();
    this.lastAnswerMs = now;
    this.unansweredInRow = 0;
    if (status === 429) {
      if (halveOn429) this.limited(n);
      return;
    }
    // the run's own wait is measured over the window's span, from its first answer on
    if (this.window.length === 0) this.ownDelay();
    this.window.push((headersAtMs ?? now) - sentAtMs);
    this.windowFirst = Math.min(this.windowFirst, n);
    // a window is as many answers as the limit, and never fewer than START_CONCURRENCY: a median of
    // one or two answers is noise
    if (this.window.length < Math.max(this.limit, START_CONCURRENCY)) return;
    this.judgeWindow();
  }

  /**
   * A 429 to request `n` that a quota explains (lib/http/pace.ts): the limit halves, once per burst.
   * A 429 of load shedding (scattered, a short Retry-After) does not: concurrency is not what it asks to lower.
   */
  limited(n: number): void {
    if (n <= this.sentAtDecrease) return;
    this.decrease('429');
    this.decreases += 1;
  }

  /** A full window: a latency rise halves the limit; a clean window with requests waiting grows it. */
  private judgeWindow(): void {
    const median = medianOf(this.window);
    // what the run's own CPU (or the machine's load) held the answers is no sign of the server's: a
    // server at a constant round trip, however long, shows no rise once that is taken off. The base
    // keeps the raw medians: taking the wait off can only make a window look less slow, never the base faster
    const served = median - this.ownDelay();
    const afterDecrease = this.windowFirst > this.sentAtDecrease;
    const saturated = this.saturated;
    this.resetWindow();
    if (!afterDecrease) return;
    const base = this.baseMedianMs;
    this.baseMedianMs = Math.min(base, median);
    const slow = served > base * LATENCY_RISE && served - base > LATENCY_RISE_MIN_MS;
    this.slowInRow = slow ? this.slowInRow + 1 : 0;
    if (slow) {
      // a latency rise takes back what growth added, never below the start: only a 429 goes lower.
      // One slow window holds the limit; SLOW_WINDOWS in a row lower it: a server that queues stays
      // slow, where a pause of the run's own (or of the machine) shows in one window
      if (this.slowInRow >= SLOW_WINDOWS && this.limit > this.start) {
        this.slowInRow = 0;
        this.decrease('latency', this.start);
        this.latencyDecreases += 1;
      }
      return;
    }
    if (saturated && this.limit < this.ceiling) {
      // slow start, as TCP's: double while no window has been slow or answered 429, then one by one
      this.limit = Math.min(this.ceiling, this.slowStart ? this.limit * 2 : this.limit + 1);
      this.highest = Math.max(this.highest, this.limit);
      this.note('grew');
      this.admit();
    }
  }

  private decrease(why: '429' | 'latency', floor = 1): void {
    this.slowStart = false;
    this.limit = Math.max(floor, Math.floor(this.limit / 2));
    this.lowest = Math.min(this.lowest, this.limit);
    this.sentAtDecrease = this.sent;
    this.resetWindow();
    this.note(why);
  }

  private resetWindow(): void {
    this.window = [];
    this.windowFirst = Number.POSITIVE_INFINITY;
    this.saturated = this.waiting.length > 0;
  }

  private note(why: ConcurrencyStep['why']): void {
    if (this.path.length < PATH_CAP) this.path.push({ atRequest: this.sent, limit: this.limit, why });
  }

  private admit(): void {
    // the waiting are in order (the critical path's first): the first that may not start stops the rest
    while (this.waiting.length > 0 && this.inFlight < this.open(this.waiting[0]!.priority)) {
      this.inFlight += 1;
      this.waiting.shift()!.start();
    }
  }
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
