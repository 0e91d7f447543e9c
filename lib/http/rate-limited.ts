import type { Turns } from './turns.js';

/**
 * A 429 was not processed (spec: rate_limit_exceeded), so it is sent again, a POST too (the ledger
 * records each send of a POST all the same: a server may lie, lib/safety/tracker.ts). The pause it
 * asks for holds the whole run (lib/http/pace.ts); past --max-wait the server is not cooperating and
 * the run stops, every check it keeps from running blocked under that one finding, none a deviation
 * of its own rule. A 429 of load shedding (scattered among answers taken, a short Retry-After) holds
 * only the request that got it (issue 38: a pace learned from load shedding ran at 0.75 requests/s).
 */
export async function afterRateLimit(
  turns: Turns,
  headers: Readonly<Record<string, string | undefined>>,
  attempt: { n: number; sentAt: number },
  record: () => void,
): Promise<void> {
  // the pace hears the 429 first (its pause holds every new request), then the attempt is recorded
  const decision = turns.pace.limited(headers, attempt.sentAt);
  record();
  if (!decision.retry) {
    turns.limited(attempt.n);
    turns.pace.giveUp(decision.giveUp);
    return;
  }
  // a quota's 429 lowers the concurrency; load shedding's only holds its own request a moment
  if (decision.holdMs === undefined) turns.limited(attempt.n);
  else await turns.pace.hold(decision.holdMs);
}
