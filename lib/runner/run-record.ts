import type { Served } from '../target/target.js';
import type { Traffic } from '../check/outcome.js';
import type { CheckResult } from '../check/result.js';
import type { Exchange } from '../http/exchange.js';
import type { RequestSpan } from '../check/context.js';
import type { RecordChange } from '../safety/record-changes.js';
import type { CheckRun } from './check-run.js';
import { runChainOf } from './chain.js';
import { trafficOf } from './traffic.js';

/** The requests the run-scoped set-ups sent (lib/runner/run-setups.ts): no check counts them as its own. */
export interface SetupTraffic {
  readonly exchanges: readonly Exchange[];
  readonly spans: readonly RequestSpan[];
  /** the requests each set-up sent, by its key: what each costs */
  requestsByKey(): Record<string, number>;
  /** the requests set-up `key` and the set-ups it was made of sent before the checks ended (not their archives) */
  spansOf?(key: string): readonly RequestSpan[];
}

/**
 * What a run accumulated, kept apart from what prints it: the checks that ended (as they end, so an
 * interrupted run still reports them), then their results with the findings, the traffic the observed
 * contract and the request counts are made of, the chain of dependent requests, the set-ups' requests
 * and what the server changed on kept records. Every output (console, conformance.json and the reports
 * made from it, the HAR) reads it.
 */
export class RunRecord {
  /** how many checks the selection left to run (0 until it is made) */
  selected = 0;
  /** the checks ended so far, in the order they ended */
  readonly ended: CheckRun[] = [];
  /** every check of the run, in the registry's order (set by `finish`) */
  runs: readonly CheckRun[] = [];
  /** the run's results, in the registry's order, then the findings checks met beyond their own rule */
  results: CheckResult[] = [];
  /** the run's longest chain of dependent requests (lib/runner/chain.ts) */
  chain = 0;
  /** the answered requests of the checks and of the set-ups */
  traffic: Traffic[] = [];
  /** requests the checks and the set-ups sent that got no answer (they leave no traffic) */
  unanswered = 0;
  setups: SetupTraffic = { exchanges: [], spans: [], requestsByKey: () => ({}) };
  /** what the server changed on the user's kept records (the audit after the checks) */
  recordChanges: RecordChange[] = [];
  /** requests of that audit (not counted by --max-requests) */
  keptRecordsRequests = 0;

  /** A check ended. */
  onCheck(run: CheckRun): void {
    this.ended.push(run);
  }

  /**
   * The checks are over: `runs` are every check's (in the registry's order; the ended ones, for an
   * interrupted run), `findings` the causes they met beyond their own rule, each once.
   */
  finish(runs: readonly CheckRun[], findings: readonly CheckResult[], setups: SetupTraffic, server: Served): void {
    this.runs = runs;
    this.results = [...runs.map((r) => r.result), ...findings];
    this.chain = runChainOf(runs, (key) => setups.spansOf?.(key) ?? []);
    this.setups = setups;
    // what the set-ups sent is part of what the run sent and of the contract it observed
    this.traffic = [...runs.flatMap((r) => r.traffic), ...trafficOf(setups.exchanges, server)];
    this.unanswered =
      runs.reduce((n, r) => n + r.unanswered, 0) + setups.exchanges.filter((ex) => ex.response === undefined).length;
  }
}
