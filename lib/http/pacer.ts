/**
 * The gate every request of a run passes just before it is sent: a run-wide "not before" (a 429's
 * Retry-After pauses every request, not just the one that got it) and a token bucket at the rate the
 * server sustains (unpaced until one is known). Waiting requests leave in order: retries first (a
 * request answered 429 goes before any that has not been sent yet), then by priority (an older check
 * first), then first come.
 */
export interface Waiter {
  /** a request sent again after a 429 */
  retry: boolean;
  /** lower goes first (the check's place in the run) */
  priority: number;
  /** the archive of a record the run made: still sent after a soft stop */
  exempt: boolean;
}

interface Waiting extends Waiter {
  order: number;
  /** true: its turn; false: let go without one (the run stopped) */
  go: (turn: boolean) => void;
}

/** the longest a Node timer waits (2^31 - 1 ms, about 24.8 days); a longer one fires at once, warning */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay a timer can keep: whole milliseconds from 0 to MAX_TIMER_MS (no end, or no number, is the most). */
export function timerMs(ms: number): number {
  if (Number.isNaN(ms)) return MAX_TIMER_MS;
  return Math.min(MAX_TIMER_MS, Math.max(0, Math.ceil(ms)));
}

export class Pacer {
  /** requests a second; undefined: unpaced */
  rate: number | undefined;
  /** the most tokens the bucket holds: requests that may go at once after a quiet spell */
  burst = 1;
  /** no request goes before this time (performance.now() ms) */
  notBefore = 0;
  private tokens = 1;
  private refilledAt: number;
  private readonly queue: Waiting[] = [];
  private order = 0;
  private timer: NodeJS.Timeout | undefined;
  /** called when a request takes a token while others still wait: the rate is what holds the run */
  onPaced: (() => void) | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.refilledAt = now();
  }

  /** How many requests wait at the gate. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Waits for the request's turn: true when it may go, false when it was let go because the run stopped. */
  turn(w: Waiter): Promise<boolean> {
    if (this.queue.length === 0 && this.ready()) {
      this.take();
      return Promise.resolve(true);
    }
    return new Promise<boolean>((go) => {
      this.queue.push({ ...w, order: this.order++, go });
      this.queue.sort((a, b) => Number(b.retry) - Number(a.retry) || a.priority - b.priority || a.order - b.order);
      this.pump();
    });
  }

  /** No request goes before `until` (performance.now() ms). */
  pauseUntil(until: number): void {
    if (until <= this.notBefore) return;
    this.notBefore = until;
    this.reschedule();
  }

  /** Sends at `rate` a second from now on, up to `burst` at once after a quiet spell. */
  setRate(rate: number | undefined, burst = rate === undefined ? 1 : Math.max(1, rate)): void {
    this.refill();
    // from unpaced to paced: the bucket starts full (the server's has refilled during the pause too)
    this.tokens = this.rate === undefined ? burst : Math.min(this.tokens, burst);
    this.rate = rate;
    this.burst = burst;
    this.reschedule();
  }

  /** Lets the waiters `which` selects go without a turn (the run stopped: they will not be sent). */
  letGo(which: (w: Waiter) => boolean): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const w = this.queue[i]!;
      if (!which(w)) continue;
      this.queue.splice(i, 1);
      w.go(false);
    }
    this.reschedule();
  }

  private ready(): boolean {
    if (this.now() < this.notBefore) return false;
    if (this.rate === undefined) return true;
    this.refill();
    return this.tokens >= 1;
  }

  private take(): void {
    if (this.rate !== undefined) this.tokens -= 1;
  }

  private refill(): void {
    const t = this.now();
    if (this.rate !== undefined)
      this.tokens = Math.min(this.burst, this.tokens + ((t - this.refilledAt) / 1000) * this.rate);
    this.refilledAt = t;
  }

  private pump(): void {
    while (this.queue.length > 0 && this.ready()) {
      this.take();
      const w = this.queue.shift()!;
      if (this.queue.length > 0) this.onPaced?.();
      w.go(true);
    }
    this.reschedule();
  }

  /** One timer, at the time the first waiter may go. */
  private reschedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const t = this.now();
    let at = this.notBefore;
    if (this.rate !== undefined && t >= this.notBefore) {
      this.refill();
      at = t + (Math.max(0, 1 - this.tokens) / this.rate) * 1000;
    }
    this.timer = setTimeout(() => this.pump(), timerMs(at - t));
  }
}
