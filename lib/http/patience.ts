/**
 * The run's time budget toward a server (--max-wait), the one place every wait a server can cause is
 * bounded (issue 38): a 429's `Retry-After`, its quota fields, and the quota fields of a successful
 * answer that say none is left. A single wait asked for longer than --max-wait, or nothing but 429
 * answered for that long, stops the run; a window of a minute is normal for a metered API, and waited
 * out. A wait that is no number (infinite, not a number) is longer than any budget.
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

  /** A wait the server asks for, from any answer: why it is too long for the run, or undefined to wait it. */
  tooLong(askedMs: number, askedBy: string): string | undefined {
    if (askedMs <= this.maxWaitMs) return undefined;
    return `the server asked to wait ${seconds(askedMs)} (${askedBy}), longer than --max-wait ${seconds(this.maxWaitMs)}`;
  }

  /**
   * A 429 came, asking to wait `askedMs` (undefined: no hint): why the run gives up now, or undefined
   * to wait and retry.
   */
  giveUp(askedMs: number | undefined, askedBy: string): string | undefined {
    if (askedMs !== undefined) {
      const tooLong = this.tooLong(askedMs, askedBy);
      if (tooLong !== undefined) return tooLong;
    }
    if (this.onlyLimitedForMs() >= this.maxWaitMs)
      return `the server answered nothing but 429 for ${seconds(this.maxWaitMs)} (--max-wait)`;
    return undefined;
  }
}

/** Milliseconds as whole seconds for a message (rounded up: a wait of 0.4 s is "1 s"; no end is "for ever"). */
function seconds(ms: number): string {
  return Number.isFinite(ms) ? `${Math.ceil(ms / 1000)} s` : 'for ever';
}
