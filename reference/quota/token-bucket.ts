import type { Meter, Metered } from './meter.js';

/**
 * A token bucket: `ratePerS` tokens a second, at most `burst` at once; a request takes one or is
 * refused until the next comes (the common per-key quota of an API gateway: 10 a second, burst 20).
 */
export class TokenBucket implements Meter {
  private tokens: number;
  private at: number;

  constructor(
    readonly ratePerS: number,
    readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.at = now;
  }

  take(now: number): Metered {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.ratePerS);
    this.at = now;
    const ok = this.tokens >= 1;
    if (ok) this.tokens -= 1;
    // the next token: a refused request may come back then, and the quota shows one more left then
    const nextMs = this.tokens >= 1 ? 0 : ((1 - this.tokens) / this.ratePerS) * 1000;
    return {
      ok,
      waitMs: ok ? 0 : nextMs,
      limit: this.ratePerS,
      windowS: 1,
      remaining: Math.floor(this.tokens),
      resetMs: nextMs,
    };
  }
}
