/**
 * When a rate-limited run gives up (--max-wait): never while the server makes progress. A run stops
 * only when nothing but 429 has been answered for `maxWaitMs` (since the last answer of another
 * status, or since the run's first request), or when the server asks, in one answer, to wait longer
 * than that. A window of a minute is normal for a metered API; it is waited out.
 */
export class Patience {
  private lastProgress: number;

  constructor(
    readonly maxWaitMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.lastProgress = now();
  }

  /** An answer other than 429 came: the server is making progress. */
  progress(): void {
    this.lastProgress = this.now();
  }

  /** How long the server has answered nothing but 429 (ms). */
  onlyLimitedForMs(): number {
    return this.now() - this.lastProgress;
  }

  /**
   * A 429 came, asking to wait `askedMs` (undefined: no hint): why the run gives up now, or undefined
   * to wait and retry.
   */
  giveUp(askedMs: number | undefined, askedBy: string): string | undefined {
    const max = seconds(this.maxWaitMs);
    if (askedMs !== undefined && askedMs > this.maxWaitMs)
      return `the server asked to wait ${seconds(askedMs)} s (${askedBy}), longer than --max-wait ${max} s`;
    if (this.onlyLimitedForMs() >= this.maxWaitMs)
      return `the server answered nothing but 429 for ${max} s (--max-wait)`;
    return undefined;
  }
}

/** Milliseconds as whole seconds for a message (rounded up: a wait of 0.4 s is "1 s"). */
function seconds(ms: number): string {
  return String(Math.ceil(ms / 1000));
}
