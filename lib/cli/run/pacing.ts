import { isCi } from '../../config/ci-env.js';
import type { Target } from '../../target/target.js';
import { Pace } from '../../http/pace.js';
import { RequestBudget } from '../../http/request-budget.js';
import { liveLine, type LiveLine } from '../../report/console.js';
import { RunRecord } from '../../runner/run-record.js';
import { PaceConsole } from '../pace-console.js';
import type { Configured } from './config.js';
import type { Teardown } from './teardown.js';

/** How a run sends, and what it has to show for it so far. */
export interface Pacing {
  /** one pace for the whole run (lib/http/pace.ts): its 429 pauses, its rate and its stop */
  pace: Pace;
  /** --concurrency before and after the checks (probe, fixtures check, kept records): not --max-requests */
  before: RequestBudget;
  /** one budget for every check: --concurrency and --max-requests counted in one place */
  budget: RequestBudget;
  /** a terminal's live progress line; CI and pipes get one line per endpoint group */
  live: LiveLine | undefined;
  /** what a rate-limited run says while it waits */
  waiting: PaceConsole;
  /** what the run accumulates, for every output */
  record: RunRecord;
}

/** The run's pace and budgets toward its target, its progress console and the record it keeps. */
export function pacing(run: Configured, target: Target, teardown: Teardown): Pacing {
  const pace = new Pace({ maxWaitMs: target.maxWaitMs });
  // the run ends by --deadline whatever the server says, kept by the clock from here on
  pace.keepDeadline(target.deadlineMs);
  const live =
    process.stdout.isTTY && !isCi(run.env)
      ? liveLine((chunk) => process.stdout.write(chunk), process.stdout.columns)
      : undefined;
  // the preflight's reads are one wave at --concurrency, not slow-started from 8 (docs/rate-limits.md)
  const before = new RequestBudget(target.concurrency, undefined, pace, undefined, target.concurrency);
  const budget = new RequestBudget(target.concurrency, target.maxRequests, pace);
  pace.requestsSent = () => before.sent + budget.sent;
  const record = new RunRecord();
  const waiting = new PaceConsole(pace, run.print, live, () => ({
    sent: before.sent + budget.sent,
    ...(record.selected > 0
      ? { checks: { done: record.ended.length, total: record.selected, sent: budget.sent } }
      : {}),
  }));
  teardown.add(() => {
    waiting.dispose();
    pace.dispose();
  });
  return { pace, before, budget, live, waiting, record };
}
