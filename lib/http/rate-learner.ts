/**
 * The server's sustainable rate, learned from its 429s when it does not name its quota. When a 429
 * comes, the run was sending faster than the server takes; what the server took over the recent past
 * (the answers of any other status in the last GOODPUT_WINDOW_MS, or since the first request when the
 * run is younger) spread over that time plus the wait it now asks for is what it sustains: a server
 * that takes 600 requests in 2 s and then asks to wait 58 s sustains 10 a second; a token bucket of
 * 10 a second that lets a burst of 20 through and then asks for 1 s, about 19, then 10 once the burst
 * is spent. (AWS's adaptive retry mode measures the rate the same way, from what was sent, and cuts
 * it on a throttling answer; taking what was *answered* makes the estimate independent of how many
 * requests were wasted on 429s.)
 *
 * Between 429s the rate creeps up (GROWTH_PER_S a second while requests wait for it), so an estimate
 * taken low recovers and a server whose quota grows is followed; the next 429 measures again.
 */
export const GOODPUT_WINDOW_MS = 10_000;
/** the least rate a 429 can bring the run to (requests a second) */
export const MIN_RATE = 0.2;
/** how much the rate grows a second while requests wait on it and no 429 comes */
export const GROWTH_PER_S = 0.05;

export class RateLearner {
  /** when each answer of a status other than 429 came, within the last GOODPUT_WINDOW_MS */
  private answers: number[] = [];
  /** when each 429 came, within the last GOODPUT_WINDOW_MS */
  private refusals: number[] = [];
  /** when each attempt was sent (its turn given), within the last GOODPUT_WINDOW_MS */
  private sends: number[] = [];
  private first: number | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The run sent its first request (the window cannot reach back before it). */
  started(): void {
    this.first ??= this.now();
  }

  /** An attempt was sent: until its answer comes, it is one the server has not refused. */
  sent(): void {
    const t = this.now();
    this.first ??= t;
    this.sends.push(t);
    this.prune(t);
  }

  /** An answer of a status other than 429. */
  answered(): void {
    const t = this.now();
    this.first ??= t;
    this.answers.push(t);
    this.prune(t);
  }

  /**
   * A 429 that asks to wait `waitMs`: the rate (requests a second) the server sustains, or undefined
   * when it took nothing of late (then only a cut of the current rate says anything).
   */
  limited(waitMs: number): number | undefined {
    const t = this.now();
    this.prune(t);
    if (this.answers.length === 0) return undefined;
    const span = Math.min(GOODPUT_WINDOW_MS, t - (this.first ?? t));
    return Math.max(MIN_RATE, this.answers.length / ((span + waitMs) / 1000));
  }

  /**
   * A 429 came: the share of 429s among the requests of the last GOODPUT_WINDOW_MS, this one counted
   * (a quota spent refuses most requests; load shedding, a few among many taken). The requests are those
   * answered or sent, whichever are more: a 429 that comes back before the requests sent beside it (a
   * run's first seven, say) is one of seven, not one of one, so a load balancer's first refusal does not
   * pause the whole run as a spent quota's would.
   */
  refused(): number {
    const t = this.now();
    this.refusals.push(t);
    this.prune(t);
    return this.refusals.length / Math.max(this.refusals.length + this.answers.length, this.sends.length);
  }

  private prune(t: number): void {
    const from = t - GOODPUT_WINDOW_MS;
    this.answers = recent(this.answers, from);
    this.refusals = recent(this.refusals, from);
    this.sends = recent(this.sends, from);
  }
}

/** The times at or after `from` (the list in order). */
function recent(times: number[], from: number): number[] {
  let i = 0;
  while (i < times.length && times[i]! < from) i += 1;
  return i > 0 ? times.slice(i) : times;
}
