import { RequestBudget } from '../../http/request-budget.js';

/**
 * The budget of the read of kept records after the run (audit.ts): counted on `counts`, the budget of
 * the requests before and after the checks (not --max-requests), in the slots of `slots`, the checks'.
 * The reads go beside the set-ups' archives and the last checks' reads, so with a slot count of their
 * own the run would have had twice --concurrency in flight (`test/safety-limits` caught 3 at
 * `--concurrency 2`); in the checks' slots every request of the run's tail is under the one cap.
 */
export class BorrowedSlots extends RequestBudget {
  constructor(
    private readonly counts: RequestBudget,
    private readonly slots: RequestBudget,
  ) {
    super(slots.ceiling, undefined, slots.pace);
  }

  override acquire(priority = 0, o: { retry?: boolean; exempt?: boolean } = {}): Promise<boolean> {
    return this.slots.acquire(priority, o);
  }

  override release(): void {
    this.slots.release();
  }

  override count(): number {
    return this.counts.count();
  }

  override answered(
    n: number,
    status: number | undefined,
    sentAtMs?: number,
    halveOn429?: boolean,
    headersAtMs?: number,
  ): void {
    this.counts.answered(n, status, sentAtMs, halveOn429, headersAtMs);
  }

  /** A quota's 429 lowers the limit of the slots the reads share (once per burst, as a check's). */
  override limited(): void {
    this.slots.limited(this.slots.sent);
  }
}
