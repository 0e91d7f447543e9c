import type { Pace, PauseNotice } from '../http/pace.js';
import type { LiveLine } from '../report/console.js';
import { waitText } from '../util/wait-text.js';

/** A pause shorter than this is routine pacing: the console does not announce it. */
const ANNOUNCE_FROM_MS = 2_000;
/** CI logs (no TTY) get at most one waiting line this often */
const CI_EVERY_MS = 10_000;
/** requests a check sends, on average, before the run has seen enough checks to tell (a default run: 2.1) */
const REQUESTS_PER_CHECK_PRIOR = 2.1;

/** How far the run is: requests sent, checks ended of those selected. */
export interface RunProgress {
  sent: number;
  /** checks ended and selected, once the checks run */
  checks?: { done: number; total: number; sent: number };
}

/**
 * What a rate-limited run says while it waits: on a terminal, a live line counting the pause down
 * and the time left; in CI, one line at most every 10 s. The quota learned, the requests sent of the
 * expected total, and an estimate of the time to go:
 *
 *   rate limited: the server asks to wait 47 s (600 requests/min); 512 of ~960 requests sent, about 1 min 20 s to go
 */
export class PaceConsole {
  private lastPrinted = Number.NEGATIVE_INFINITY;
  private ticker: NodeJS.Timeout | undefined;

  constructor(
    private readonly pace: Pace,
    private readonly print: (line: string) => void,
    private readonly live: LiveLine | undefined,
    private readonly progress: () => RunProgress,
    private readonly now: () => number = () => performance.now(),
  ) {
    pace.onPause = (n) => {
      if (n.waitMs >= ANNOUNCE_FROM_MS) this.announce(n);
    };
    // what the run did not take of what the server said, once each (the reports list them too)
    pace.onNote = (note) => this.print(`rate limited: ${note}`);
  }

  /** The live progress line's tail once the run is paced: requests sent, the quota, the time left. */
  suffix(): string {
    if (this.pace.quota === undefined) return '';
    const p = this.progress();
    const expected = expectedRequests(p);
    const eta = this.toGo(p);
    return ` · ${p.sent}${expected !== undefined ? `/~${expected}` : ''} requests at ${this.pace.paceText() ?? ''}${eta ? `, about ${eta} left` : ''}`;
  }

  /** The waiting line, as printed now. */
  line(n: PauseNotice): string {
    const left = Math.max(this.pace.pauseLeftMs(), 0) || n.waitMs;
    const why =
      n.askedBy === 'no hint: back-off'
        ? `the server gave no hint: backing off ${duration(left)}`
        : n.askedBy.endsWith(': no quota left') || n.askedBy.endsWith('Remaining: 0')
          ? `the quota is spent (${n.askedBy}): waiting ${duration(left)} for more`
          : `the server asks to wait ${duration(left)}`;
    const quota = this.pace.paceText();
    const p = this.progress();
    const expected = expectedRequests(p);
    const eta = this.toGo(p);
    const of = expected !== undefined ? ` of ~${expected}` : '';
    return `rate limited: ${why}${quota ? ` (${quota})` : ''}; ${p.sent}${of} requests sent${eta ? `, about ${eta} to go` : ''}`;
  }

  /** Stops the countdown (the run is over). */
  dispose(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
    this.pace.onPause = undefined;
    this.pace.onNote = undefined;
  }

  private announce(n: PauseNotice): void {
    if (this.live) {
      this.live.update(this.line(n));
      clearInterval(this.ticker);
      // the countdown, once a second, until the pause ends
      this.ticker = setInterval(() => {
        if (this.pace.pauseLeftMs() <= 0) {
          clearInterval(this.ticker);
          this.ticker = undefined;
          return;
        }
        this.live?.update(this.line(n));
      }, 1000);
      this.ticker.unref();
      return;
    }
    const t = this.now();
    if (t - this.lastPrinted < CI_EVERY_MS) return;
    this.lastPrinted = t;
    this.print(this.line(n));
    clearInterval(this.ticker);
    // a pause longer than the interval: one more line every CI_EVERY_MS while it lasts
    this.ticker = setInterval(() => {
      if (this.pace.pauseLeftMs() < 1000) {
        clearInterval(this.ticker);
        this.ticker = undefined;
        return;
      }
      this.lastPrinted = this.now();
      this.print(this.line(n));
    }, CI_EVERY_MS);
    this.ticker.unref();
  }

  /** The time left: the requests still expected at the run's rate, after the pause under way. */
  private toGo(p: RunProgress): string | undefined {
    const expected = expectedRequests(p);
    const rate = this.pace.pacer.rate;
    if (expected === undefined || rate === undefined || rate <= 0) return undefined;
    const ms = this.pace.pauseLeftMs() + (Math.max(0, expected - p.sent) / rate) * 1000;
    return duration(ms);
  }
}

/** The requests a run will have sent: what it sent, and the checks still to run at the rate seen so far. */
export function expectedRequests(p: RunProgress): number | undefined {
  if (p.checks === undefined) return undefined;
  const { done, total, sent } = p.checks;
  // blended with the prior until enough checks have ended to tell
  const perCheck = (sent + REQUESTS_PER_CHECK_PRIOR * 20) / (done + 20);
  return Math.round(p.sent + Math.max(0, total - done) * perCheck);
}

/** `47 s`, `1 min 20 s`, `2 min`: the one way a wait is written (lib/util/wait-text.ts). */
export const duration = waitText;
