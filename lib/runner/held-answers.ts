import type { Exchange } from '../http/exchange.js';
import type { RunObserver } from '../check/seen.js';

/**
 * Answers held from the run's observer until `release`, then handed to it in the order they came:
 * the checks that spend what the user gave up run beside the run-last checks, which judge what the
 * run's answers showed, so a run-last check sees the same answers however the two interleave.
 */
export class HeldAnswers {
  private held: Exchange[] | undefined = [];

  constructor(private readonly observer: RunObserver | undefined) {}

  see(ex: Exchange): void {
    if (this.held) this.held.push(ex);
    else this.observer?.see(ex);
  }

  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const ex of held) this.observer?.see(ex);
  }
}
