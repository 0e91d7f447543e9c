import type { CheckDefinition } from '../check/registry.js';
import { runCheck, type RunContext } from './run-check.js';
import type { CheckRun } from './check-run.js';

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
 * shared record, lib/runner/record-lock.ts) leaves no slot idle. Checks start one endpoint group
 * after another in turn (interleaved), so the checks that take turns on a shared record, which
 * sit in a few groups, start early and spread over the run instead of forming its tail; a check's
 * place in that order is its priority for request slots. Results keep the list's order.
 */
export async function runChecks(
  defs: readonly CheckDefinition[],
  run: RunContext,
  events: RunEvents = {},
  checksPerSlot = 4,
): Promise<CheckRun[]> {
  const results = new Array<CheckRun>(defs.length);
  const order = interleaved(defs);
  const left = new Map<string, number>();
  for (const d of defs) left.set(d.group, (left.get(d.group) ?? 0) + 1);
  const width = Math.max(1, Math.min(defs.length, run.budget.ceiling * checksPerSlot));
  const pool = async (wave: readonly number[]): Promise<void> => {
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let k = next++; k < wave.length; k = next++) {
        const i = wave[k]!;
        const def = defs[i]!;
        const r = await runCheck(def, run, order.indexOf(i));
        results[i] = r;
        events.onCheck?.(r, def);
        const n = left.get(def.group)! - 1;
        left.set(def.group, n);
        if (n === 0)
          events.onGroup?.(
            def.group,
            defs.flatMap((d, j) => (d.group === def.group ? [results[j]!] : [])),
          );
      }
    };
    await Promise.all(Array.from({ length: Math.min(width, Math.max(1, wave.length)) }, worker));
  };
  // what the user gave up is spent last: every other check may need it to exist, and by then the
  // run knows whether it lacked an input (a run incomplete anyway keeps it for a complete one)
  await pool(order.filter((i) => defs[i]!.spendsGivenUp !== true));
  const spenders = order.filter((i) => defs[i]!.spendsGivenUp === true);
  if (spenders.length > 0) {
    run.target.lackedBeforeSpending = lackedInputs(results.filter((r) => r !== undefined));
    await pool(spenders);
  }
  return results;
}

/** The inputs the MUST checks that ended skipped lacked (a fixtures key or a flag, missing or unfit), each once. */
function lackedInputs(runs: readonly CheckRun[]): string[] {
  const keys = runs.flatMap(({ result: r }) =>
    r.level === 'MUST' && r.status === 'skipped' && r.needs !== undefined && r.needs.kind !== 'excluded'
      ? [r.needs.key]
      : [],
  );
  return [...new Set(keys)];
}

/** Indices of `defs` taking one check of each endpoint group in turn (groups in list order). */
export function interleaved(defs: readonly CheckDefinition[]): number[] {
  // the long sequences go first (each a chain of dependent requests: started last, it would be the tail)
  const out: number[] = defs.flatMap((d, i) => (d.startFirst ? [i] : []));
  const byGroup = new Map<string, number[]>();
  defs.forEach((d, i) => {
    if (!d.startFirst) byGroup.set(d.group, [...(byGroup.get(d.group) ?? []), i]);
  });
  const queues = [...byGroup.values()];
  for (let round = 0; out.length < defs.length && queues.some((q) => round < q.length); round++) {
    for (const q of queues) if (round < q.length) out.push(q[round]!);
  }
  return out;
}
