import type { RequestSpan } from '../check/context.js';
import type { CheckRun } from './check-run.js';

/**
 * The longest run of the check's requests each issued after the one before was answered: how many
 * round trips the check needs at the least, however fast the server (requests sent at once count once).
 */
export function chainOf(spans: readonly RequestSpan[]): number {
  const byEnd = [...spans].sort((a, b) => a.end - b.end);
  const longest: number[] = [];
  byEnd.forEach((s, i) => {
    let before = 0;
    for (let j = 0; j < i; j++) if (byEnd[j]!.end <= s.start) before = Math.max(before, longest[j]!);
    longest.push(before + 1);
  });
  return Math.max(0, ...longest);
}

/**
 * The run's longest chain of dependent requests: the longest check after a shared set-up it asked
 * for (`setupSpans`, by the set-up's key: its requests and the check's, as they followed one another),
 * or the checks that took turns on one shared record (lib/runner/record-lock.ts), whose chains add up.
 * With the request count and --concurrency it gives the least time a run can take at a given round
 * trip (`npm run bench`).
 */
export function runChainOf(
  runs: readonly CheckRun[],
  setupSpans: (key: string) => readonly RequestSpan[] = () => [],
): number {
  const perRecord = new Map<string, number>();
  for (const r of runs) for (const key of r.held) perRecord.set(key, (perRecord.get(key) ?? 0) + (r.result.chain ?? 0));
  const withSetups = (r: CheckRun) =>
    r.setups === undefined || r.setups.length === 0
      ? (r.result.chain ?? 0)
      : // each set-up the check waited on, with its requests: two set-ups made apart are no chain
        Math.max(...r.setups.map((key) => chainOf([...setupSpans(key), ...r.spans])));
  return Math.max(0, ...runs.map(withSetups), ...perRecord.values());
}
