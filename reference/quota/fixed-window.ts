import type { Meter, Metered } from './meter.js';

/**
 * A fixed window: at most `limit` requests per window of `windowS` seconds, counted from the server's
 * start; past it every request is refused until the next window (600 a minute: a refusal may ask for
 * up to 60 s).
 */
export class FixedWindow implements Meter {
  private start: number;
  private count = 0;

  constructor(
    readonly limit: number,
    readonly windowS: number,
    private readonly origin: number,
  ) {
    this.start = origin;
  }

  take(now: number): Metered {
    const windowMs = this.windowS * 1000;
    if (now >= this.start + windowMs) {
      this.start = this.origin + Math.floor((now - this.origin) / windowMs) * windowMs;
      this.count = 0;
    }
    const ok = this.count < this.limit;
    if (ok) this.count += 1;
    const resetMs = this.start + windowMs - now;
    return {
      ok,
      waitMs: ok ? 0 : resetMs,
      limit: this.limit,
      windowS: this.windowS,
      remaining: this.limit - this.count,
      resetMs,
    };
  }
}
