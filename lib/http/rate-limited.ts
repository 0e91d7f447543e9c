import type { Turns } from './turns.js';

/**
 * A 429 was not processed (spec: rate_limit_exceeded), so it is sent again, a POST too (the ledger
 * records each send of a POST all the same: a server may lie, lib/safety/tracker.ts). The pause it
 * asks for holds the whole run (lib/http/pace.ts); past --max-wait the server is not cooperating and
 * the run stops, every check it keeps from running blocked under that one finding, none a deviation
 * of its own rule.
 */
export function afterRateLimit(
  turns: Turns,
  headers: Readonly<Record<string, string | undefined>>,
  sentAt: number,
  record: () => void,
): void {
  // the pace hears the 429 first (its pause holds every new request), then the attempt is recorded
  const decision = turns.pace.limited(headers, sentAt);
  record();
  if (decision.retry) return;
  turns.pace.giveUp(decision.giveUp);
}
