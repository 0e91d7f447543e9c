import type { CheckDefinition } from '../check/registry.js';
import { runCheck, type RunContext } from './run-check.js';
import type { CheckRun } from './check-run.js';
import { onRecordTaken } from './record-lock.js';
import { HeldAnswers } from './held-answers.js';
import { LatePhase } from './late-phase.js';

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
 * place in that order is its priority for request slots. The checks that judge what the whole run
 * showed (`runLast`: lib/check/answer-observer.ts) and those that spend what the user gave up start
 * with them, and wait for what they must follow (inPhases). Results keep the list's order.
 */
export async function runChecks(
  defs: readonly CheckDefinition[],
  run: RunContext,
  events: RunEvents = {},
  checksPerSlot = 4,
): Promise<CheckRun[]> {
  const results = new Array<CheckRun>(defs.length);
  const left = new Map<string, number>();
  for (const d of defs) left.set(d.group, (left.get(d.group) ?? 0) + 1);
  const width = Math.max(1, Math.min(defs.length, run.budget.ceiling * checksPerSlot));
  let place = 0;
  const pool = async (queue: StartQueue, context: RunContext = run, o: PoolOptions = {}): Promise<void> => {
    const worker = async (k: number): Promise<void> => {
      await startTurn(k);
      for (let i = queue.next(); i !== undefined; i = queue.next()) {
        const def = defs[i]!;
        await o.beforeStart?.(def);
        const r = await runCheck(def, context, place++);
        o.checkEnded?.(def);
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
    // (another run of this process, a test's, takes records of its own target)
    const stop = onRecordTaken((c) => {
      if (c.target === run.target) queue.promoteLike(c.rule, c.title);
    });
    try {
      const workers = Math.min(o.everyCheckAtOnce ? queue.size : width, Math.max(1, queue.size));
      await Promise.all(Array.from({ length: workers }, (_, k) => worker(k))).finally(() => o.ended?.());
    } finally {
      stop();
    }
  };
  await inPhases(defs, run, pool, results);
  return results;
}

type Pool = (queue: StartQueue, context?: RunContext, o?: PoolOptions) => Promise<void>;

/**
 * The checks that judge what the whole run showed (runLast) and those that spend what the user gave
 * up start with the others (lib/runner/late-phase.ts): what they send of their own goes beside the
 * others' chains, not after the longest; each waits there for what it must follow. Spending goes last:
 * every other check may need what is spent to exist, and by then the run knows whether it lacked an
 * input (a run incomplete anyway keeps it for a complete one).
 */
async function inPhases(defs: readonly CheckDefinition[], run: RunContext, pool: Pool, results: CheckRun[]) {
  const spends = (d: CheckDefinition): boolean => d.spendsGivenUp === true;
  const runLast = (d: CheckDefinition): boolean => d.runLast === true && !spends(d);
  const late = new LatePhase(
    defs.filter((d) => runLast(d) && d.sendsEarly === true),
    run.target.preflight?.archives,
  );
  run.target.lastChecks = late;
  const others = pool(new StartQueue(defs, (d) => !runLast(d) && !spends(d)), run, {
    ended: () => late.endOthers(),
  });
  // (started with the others: put after them, a few requests of theirs waited for slots till the run's
  // end); the run-last checks that do not send first start once they may judge: every other has ended
  const lastOnes = pool(new StartQueue(defs, runLast), run, {
    everyCheckAtOnce: true,
    beforeStart: (d) => (d.sendsEarly === true ? undefined : late.seen),
    checkEnded: (d) => late.arrive(d),
  });
  if (!defs.some(spends)) {
    await Promise.all([others, lastOnes]).finally(() => late.checksEnded());
    return;
  }
  // the spending checks spend once the others have ended (spendGivenUp awaits `beforeSpending`), and
  // their answers are held from the observer till then, so the run-last checks judge the same answers
  // in every run
  const heldAnswers = new HeldAnswers(run.target.answers);
  late.spending(defs.filter(spends));
  let othersEnded!: () => void;
  run.target.beforeSpending = new Promise((resolve) => {
    othersEnded = resolve;
  });
  const last = Promise.all([others, lastOnes]).finally(() => {
    late.checksEnded();
    run.target.lackedBeforeSpending = lackedInputs(results.filter((r, i) => r !== undefined && !spends(defs[i]!)));
    heldAnswers.release();
    othersEnded();
  });
  // every check that reads a set-up has ended (the spending checks ask for none): their archive goes
  // beside the spending checks instead of after them (three round trips off a distant run)
  const archived = last.then(() => run.setups?.close());
  await Promise.all([
    last,
    archived,
    pool(
      new StartQueue(defs, spends),
      { ...run, heldAnswers },
      { everyCheckAtOnce: true, checkEnded: (d) => late.onlyReads(d) },
    ),
  ]);
}

/** How one pool of checks runs (runChecks). */
interface PoolOptions {
  /** every check of the queue started at once, not a few per request slot (they wait on the run's end) */
  everyCheckAtOnce?: boolean;
  /** awaited before a check starts */
  beforeStart?: (def: CheckDefinition) => Promise<void> | undefined;
  /** a check of the queue ended */
  checkEnded?: (def: CheckDefinition) => void;
  /** every check of the queue has ended */
  ended?: () => void;
}

/** the workers of a pool that start in one turn of the event loop */
export const WORKERS_PER_TURN = 8;

/**
 * Waits until worker `k`'s turn to start: WORKERS_PER_TURN a turn of the event loop. Started all in one
 * turn, the first checks' requests (the long sequences', the longest chain's) would go out only once a
 * hundred checks had built theirs, a round trip late against a distant server.
 */
export async function startTurn(k: number): Promise<void> {
  for (let turn = 0; turn < Math.floor(k / WORKERS_PER_TURN); turn++) await new Promise((r) => setImmediate(r));
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

/**
 * The order checks start in: interleaved, except that once a check takes a shared record
 * (lib/runner/record-lock.ts), the checks of its operation not started yet start next. Those take turns
 * on the record, so their chains add up to the run's longest: started as they came, the last of them
 * started near the run's end and the record sat idle between turns.
 */
export class StartQueue {
  private readonly order: number[];
  private readonly started: boolean[];
  private readonly first: number[] = [];
  private readonly promoted = new Set<string>();
  private readonly byName = new Map<string, string>();
  private at = 0;

  constructor(
    private readonly defs: readonly CheckDefinition[],
    include: (d: CheckDefinition) => boolean = () => true,
  ) {
    this.order = interleaved(defs).filter((i) => include(defs[i]!));
    this.started = defs.map(() => false);
    for (const d of defs) this.byName.set(`${d.rule}\n${d.title}`, d.endpoint);
  }

  /** How many checks this queue starts in all. */
  get size(): number {
    return this.order.length;
  }

  next(): number | undefined {
    for (;;) {
      const i = this.first.length > 0 ? this.first.shift() : this.order[this.at++];
      if (i === undefined) return undefined;
      if (this.started[i]) continue;
      this.started[i] = true;
      return i;
    }
  }

  /** The checks of the operation of the check named so go next (a wildcard endpoint names no operation). */
  promoteLike(rule: string, title: string): void {
    const endpoint = this.byName.get(`${rule}\n${title}`);
    if (endpoint === undefined || endpoint === '*' || this.promoted.has(endpoint)) return;
    this.promoted.add(endpoint);
    for (let j = this.at; j < this.order.length; j++) {
      const i = this.order[j]!;
      if (!this.started[i] && this.defs[i]!.endpoint === endpoint) this.first.push(i);
    }
  }
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
