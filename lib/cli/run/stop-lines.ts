import type { CheckResult } from '../../check/result.js';
import type { Pace } from '../../http/pace.js';
import type { RequestBudget } from '../../http/request-budget.js';
import { notSentLines, rateLimitLine } from '../../report/not-sent-block.js';
import { rateLimitOf } from './report-of.js';

/** the most not-sent requests the console lists one by one (conformance.json has them all) */
const LIST_AT_MOST = 12;

/**
 * The console's lines on how the server's quota shaped the run and on what a stopped run could not
 * do: its pauses and the pace it learned, the concurrency a 429 lowered, each request it did not
 * send, and the stop's cause when no blocked check names it already (it is said once).
 */
export function printRunStop(
  pace: Pace,
  budget: RequestBudget,
  results: readonly CheckResult[],
  print: (line: string) => void,
): void {
  // the one sentence every report has, so the console gives the same waits in the same units
  // (its notes were said on the console when they were taken: once)
  const { rateLimit } = rateLimitOf(pace);
  if (rateLimit) delete rateLimit.notes;
  const limited = rateLimitLine({ run: rateLimit ? { rateLimit } : {} });
  if (limited !== undefined) print(limited.replace(/^Rate limited: /, 'rate limited: '));
  if (budget.decreases > 0)
    print(
      `rate limited: the server answered 429, so the run lowered its concurrency to ${budget.lowest} and settled at ${budget.limit} (--concurrency ${budget.ceiling})`,
    );
  const notSent = notSentLines({ run: { notSent: pace.notSent } });
  if (notSent.lines.length > 0) {
    const n = notSent.lines.length;
    print(`not sent: ${n} request${n === 1 ? '' : 's'} the stopped run could not send (see the cleanup line below):`);
    for (const line of notSent.lines.slice(0, LIST_AT_MOST)) print(`  - ${line}`);
    if (n > LIST_AT_MOST) print(`  … and ${n - LIST_AT_MOST} more (conformance.json run.notSent)`);
  }
  const stop = pace.stopped;
  if (stop !== undefined && !results.some((r) => r.blockedBy?.answer === stop)) print(`the run stopped: ${stop}`);
}
