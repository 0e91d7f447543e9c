import type { Exchange } from '../http/exchange.js';
import type { RequestBudget } from '../http/request-budget.js';
import type { Redactor } from '../redact/redact.js';
import { keptExchange, trafficOf } from './traffic.js';
import { contextEnded, makeContext, RecordKept, type CheckContext, type RequestSpan } from '../check/context.js';
import type { Finding } from '../check/finding.js';
import type { Observation } from '../check/outcome.js';
import type { RunTarget } from '../check/run-target.js';
import type { CheckDefinition } from '../check/registry.js';
import { heldRecords } from './record-lock.js';
import type { CheckRun } from './check-run.js';
import { CheckSkipped } from './check-skipped.js';
import type { RunSetups } from './run-setups.js';
import type { HeldAnswers } from './held-answers.js';
import { outcomeOf, passed, withRateLimitAnswers, type Outcome } from './check-outcome.js';
import { checkResultOf, type CheckTrail } from './check-result.js';
import { withTimeout } from './check-timeout.js';
import { runCleanups } from '../check/cleanups.js';

/** What every check of one run shares. */
export interface RunContext {
  target: RunTarget;
  /** the run-scoped set-ups checks share (absent: each check makes its own) */
  setups?: RunSetups;
  budget: RequestBudget;
  redactor: Redactor;
  /** a check still running after this long fails (its requests have their own --timeout) */
  checkTimeoutMs: number;
  /** the answers of a check that runs beside the run-last checks: held from the observer until they end */
  heldAnswers?: HeldAnswers;
}

/** What one check's context writes to while it runs. */
interface CheckLog {
  exchanges: Exchange[];
  spans: RequestSpan[];
  observations: Observation[];
  findings: Finding[];
  cleanups: Array<() => Promise<unknown>>;
  waited: { ms: number };
  /** --keep-failing: decided once the body ended (failed, or met another rule's finding), before the cleanups */
  keeping: boolean;
  made: CheckTrail['made'];
  /** the run's shared set-ups the check asked for: a failing check's evidence may name their records */
  setupsUsed: Set<string>;
  /** the cleanups ran: one registered later runs at once (lib/check/check-context.ts) */
  cleanedUp: boolean;
}

/**
 * Runs one check: its body, then its cleanups (pass or fail), and turns what happened into its
 * result (lib/runner/check-outcome.ts, check-result.ts). `priority` is the check's place in the run
 * (older checks get a request slot first).
 */
export async function runCheck(def: CheckDefinition, run: RunContext, priority: number): Promise<CheckRun> {
  const startedMs = performance.now();
  const { target } = run;
  const log: CheckLog = {
    exchanges: [],
    spans: [],
    observations: [],
    findings: [],
    cleanups: [],
    waited: { ms: 0 },
    keeping: false,
    made: { archived: [], kept: [] },
    setupsUsed: new Set<string>(),
    cleanedUp: false,
  };
  const c = contextOf(def, run, priority, log);
  let outcome: Outcome = passed();
  try {
    // the time the run stood still (a 429's pause) counts too: a check may wait on a set-up's request
    const pausedBefore = run.budget.pace.waitedMs;
    const beside = besideRunLast(run, def);
    const notOwn = () => Math.max(log.waited.ms, run.budget.pace.waitedMs - pausedBefore) + beside();
    await withTimeout(def.body(c), run.checkTimeoutMs, notOwn);
  } catch (err) {
    outcome = outcomeOf(err, def, log.exchanges, log.findings, target);
  } finally {
    log.keeping = target.keepFailing === true && (outcome.status === 'failed' || log.findings.length > 0);
    // the set-ups it judged keep their records too: its reproducers name them
    if (log.keeping) for (const key of log.setupsUsed) run.setups?.keep(key);
    // its faker goes to the next check once nothing of this one runs
    await cleanUp(log).then(() => contextEnded(c));
  }
  outcome = withRateLimitAnswers(outcome, def, log.exchanges, log.findings, target);
  const result = checkResultOf(def, outcome, { ...log, startedMs }, target);
  return {
    result: run.redactor.value(result),
    traffic: trafficOf(log.exchanges, target),
    unanswered: log.exchanges.filter((ex) => ex.response === undefined).length,
    held: heldRecords(c),
    // kept for --har until the run ends: bodies cut as the reports cut them, so a server answering
    // megabytes to every request does not make the run hold them all
    exchanges: log.exchanges.map(keptExchange),
    spans: log.spans,
    findings: log.findings.map((f) => ({ ...f, exchange: keptExchange(f.exchange) })),
    records: log.made,
    ...(log.setupsUsed.size > 0 ? { setups: [...log.setupsUsed] } : {}),
  };
}

/**
 * A check that runs beside the run-last checks (it spends what the user gave up once they end): the
 * time from its start until they ended is theirs, not its own (its timeout does not count it).
 */
function besideRunLast(run: RunContext, def: CheckDefinition): () => number {
  // (a run-last check that sends its own first waits for every other's end: lib/runner/late-phase.ts)
  const others = run.heldAnswers
    ? run.target.beforeSpending
    : def.runLast === true
      ? run.target.lastChecks?.seen
      : undefined;
  if (!others) return () => 0;
  const started = performance.now();
  let until: number | undefined;
  void others.then(() => {
    until = performance.now();
  });
  return () => (until ?? performance.now()) - started;
}

/** The check's context, writing to its log; its shared set-ups are the run's. */
function contextOf(def: CheckDefinition, run: RunContext, priority: number, log: CheckLog): CheckContext {
  const c = makeContext({
    rule: def.rule,
    title: def.title,
    target: run.target,
    seedName: `${def.rule}:${def.title}`,
    budget: run.budget,
    priority,
    skip: (reason, needs) => {
      throw new CheckSkipped(reason, needs);
    },
    exchanges: log.exchanges,
    spans: log.spans,
    observations: log.observations,
    findings: log.findings,
    cleanups: log.cleanups,
    cleanedUp: () => log.cleanedUp,
    waited: log.waited,
    ...(run.heldAnswers ? { see: (ex: Exchange) => run.heldAnswers?.see(ex) } : {}),
    shared: (key, make) => {
      log.setupsUsed.add(key);
      return run.setups ? run.setups.shared(key, def.rule, make, def.title) : make(c);
    },
    keepRecords: () => log.keeping,
    records: (r) => {
      log.made = r;
    },
    ...(run.setups
      ? { setupRecords: { ids: run.setups.recordIds, mine: false, unusable: run.setups.unusableIds } }
      : {}),
  });
  return c;
}

/**
 * The check's cleanups, newest first, its records' archives at once (lib/check/cleanups.ts), pass or
 * fail; one that fails is an observation.
 */
async function cleanUp(log: CheckLog): Promise<void> {
  const run = async (clean: () => Promise<unknown>): Promise<void> => {
    try {
      await clean();
    } catch (e) {
      if (!(e instanceof RecordKept)) log.observations.push({ topic: 'cleanup', text: `cleanup failed: ${String(e)}` });
    }
  };
  // (one a cleanup registers as it runs goes after them)
  while (log.cleanups.length > 0) await runCleanups(log.cleanups.splice(0), run).done;
  log.cleanedUp = true;
}
