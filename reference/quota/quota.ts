import { FixedWindow } from './fixed-window.js';
import type { Meter, Metered } from './meter.js';
import { TokenBucket } from './token-bucket.js';

/**
 * The quota the reference server meters every request against (one quota for all callers, the
 * strictest kind), so the suite and its benchmark can meet a metered server: a token bucket or a fixed
 * window; a refusal is a 429 whose Retry-After is delay-seconds, an HTTP-date or absent; every answer
 * may carry the quota fields of the IETF httpapi draft (`RateLimit-Policy`, `RateLimit`) or the common
 * `X-RateLimit-*` (reset as a Unix time, as GitHub sends it).
 */
export type QuotaOptions =
  { kind: 'bucket'; ratePerS: number; burst: number } | { kind: 'window'; limit: number; windowS: number };

export type RetryAfterForm = 'seconds' | 'date' | 'none';
export type QuotaHeaders = 'none' | 'ratelimit' | 'x-ratelimit';

export class Quota {
  private readonly meter: Meter;

  constructor(
    readonly options: QuotaOptions,
    private readonly retryAfter: RetryAfterForm = 'seconds',
    private readonly fields: QuotaHeaders = 'none',
    private readonly now: () => number = Date.now,
  ) {
    this.meter =
      options.kind === 'bucket'
        ? new TokenBucket(options.ratePerS, options.burst, now())
        : new FixedWindow(options.limit, options.windowS, now());
  }

  /** Meters one request: undefined when taken, else its 429's headers; `headers` gets the quota fields either way. */
  take(headers: Record<string, string>): Record<string, string> | undefined {
    const t = this.now();
    const m = this.meter.take(t);
    Object.assign(headers, this.quotaFields(m, t));
    if (m.ok) return undefined;
    const refused: Record<string, string> = { ...headers };
    if (this.retryAfter === 'seconds') refused['Retry-After'] = String(Math.max(1, Math.ceil(m.waitMs / 1000)));
    // an HTTP-date has whole seconds: the next whole second at or after the wait
    if (this.retryAfter === 'date')
      refused['Retry-After'] = new Date(Math.ceil((t + m.waitMs) / 1000) * 1000).toUTCString();
    return refused;
  }

  private quotaFields(m: Metered, t: number): Record<string, string> {
    const reset = Math.ceil(m.resetMs / 1000);
    if (this.fields === 'ratelimit')
      return {
        'RateLimit-Policy': `"default";q=${m.limit};w=${m.windowS}`,
        RateLimit: `"default";r=${Math.max(0, m.remaining)};t=${reset}`,
      };
    if (this.fields === 'x-ratelimit')
      return {
        'X-RateLimit-Limit': String(m.limit),
        'X-RateLimit-Remaining': String(Math.max(0, m.remaining)),
        'X-RateLimit-Reset': String(Math.ceil((t + m.resetMs) / 1000)),
      };
    return {};
  }
}
