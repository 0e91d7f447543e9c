/**
 * The wait after a 429 that carries no hint at all (no Retry-After, no quota fields): exponential
 * back-off with jitter, as AWS's "Exponential Backoff And Jitter" describes and its SDKs do. Each
 * 429 in a row without an answer of another status in between doubles the ceiling, from BASE_MS up to
 * `capMs`; the wait is drawn between half the ceiling and the ceiling ("equal jitter": never close to
 * nothing, so a run does not hammer a server that gave it no hint, yet two runs do not retry in step).
 */
export const BACKOFF_BASE_MS = 1000;

export class Backoff {
  private inRow = 0;

  constructor(
    private readonly capMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  /** The wait for one more hintless 429 in a row. */
  next(): number {
    const ceiling = Math.min(this.capMs, BACKOFF_BASE_MS * 2 ** Math.min(this.inRow, 30));
    this.inRow += 1;
    return ceiling / 2 + this.random() * (ceiling / 2);
  }

  /** An answer other than 429: the next hintless 429 starts again from the base. */
  reset(): void {
    this.inRow = 0;
  }
}
