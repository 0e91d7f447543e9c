import type { CheckDefinition } from './registry.js';
import { runCheck, type CheckRun, type RunContext } from './run-check.js';

/** What the console hears while checks run. */
export interface RunEvents {
  /** a check ended */
  onCheck?(run: CheckRun, def: CheckDefinition): void;
  /** the last check of an endpoint group ended: the group's results, in the order they were written */
  onGroup?(group: string, runs: readonly CheckRun[]): void;
}

/**
 * Runs every check of the run, from every endpoint group, in one pool. Requests in flight are
 * bounded by the run's budget (--concurrency, lowered by 429s), not here: the pool keeps a few
 * checks per request slot in progress, so a check between two requests (or waiting its turn on a
 * shared record, lib/steps/record-lock.ts) leaves no slot idle. A check's place in the list is its
 * priority for request slots. Results keep the list's order, whatever order the checks end in.
 */
export async function runChecks(defs: readonly CheckDefinition[], run: RunContext, events: RunEvents = {}, checksPerSlot = 4): Promise<CheckRun[]> {
  const results = new Array<CheckRun>(defs.length);
  const left = new Map<string, number>();
  for (const d of defs) left.set(d.group, (left.get(d.group) ?? 0) + 1);
  const width = Math.max(1, Math.min(defs.length, run.budget.ceiling * checksPerSlot));
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < defs.length; i = next++) {
      const def = defs[i]!;
      const r = await runCheck(def, run, i);
      results[i] = r;
      events.onCheck?.(r, def);
      const n = left.get(def.group)! - 1;
      left.set(def.group, n);
      if (n === 0) events.onGroup?.(def.group, defs.flatMap((d, j) => (d.group === def.group ? [results[j]!] : [])));
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}
