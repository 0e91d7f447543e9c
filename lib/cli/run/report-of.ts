import {
  conformanceReport,
  trafficCounts,
  type ConformanceReport,
  type RunInfo,
} from '../../report/conformance-json.js';
import { observedContract } from '../../report/observed.js';
import { preflightReads, trafficOf } from '../../runner/traffic.js';
import { leftovers, readLedger } from '../../safety/ledger.js';
import { selectsEverything } from '../../select/selection.js';
import { suiteVersion } from '../../config/suite-version.js';
import type { Settled } from '../../baseline/gate.js';
import type { RunRecord } from '../../runner/run-record.js';
import type { Pace } from '../../http/pace.js';
import type { Ready } from './preflight.js';

/** conformance.json of the run: its checks as the gate settled them, what it sent, and what it left. */
export function reportOf(run: Ready, record: RunRecord, settled: Settled): ConformanceReport {
  const { target } = run;
  const ledger = target.ledgerFile ? readLedger(target.ledgerFile).filter((l) => l.runId === target.runId) : [];
  const report = conformanceReport(
    settled.checks,
    runInfo(run, record),
    // the fixtures check's reads are answers of this run too (the checks of those reads judge them)
    observedContract([...record.traffic, ...trafficOf(preflightReads(target), target)], target.catalogue),
    target.catalogue,
    leftovers(ledger, target.operations),
  );
  if (settled.outcome) report.baseline = settled.outcome;
  if (record.recordChanges.length > 0) report.recordChanges = record.recordChanges;
  return report;
}

/** The report's `run` block: target, selection, requests and pace, where the time went, how it ended. */
function runInfo(run: Ready, record: RunRecord): RunInfo {
  const { config, target, budget, pace, interruption } = run;
  return {
    runId: target.runId,
    target: target.baseUrl,
    embedded: target.embedded,
    seed: target.seed,
    startedAt: run.startedAt.toISOString(),
    durationMs: Date.now() - run.startedAt.getTime(),
    suiteVersion: suiteVersion(),
    ...(config.strict ? { reading: 'strict' as const } : {}),
    ...(config.shard ? { shard: config.shard } : {}),
    ...(selectsEverything(config.selection) ? {} : { selection: config.selection }),
    ...trafficCounts(record.traffic, record.unanswered),
    fixturesCheckRequests: target.preflight?.requests ?? 0,
    keptRecordsRequests: record.keptRecordsRequests,
    ...(record.setups.exchanges.length > 0
      ? { setupRequests: record.setups.exchanges.length, setupRequestsByKey: record.setups.requestsByKey() }
      : {}),
    probeRequests: Object.values(target.keys).filter((k) => k !== undefined).length,
    chain: record.chain,
    concurrency: {
      configured: budget.ceiling,
      start: budget.start,
      settled: budget.limit,
      lowest: budget.lowest,
      highest: budget.highest,
      path: budget.path,
    },
    phases: run.phases.done(),
    ...(interruption.signal ? { interrupted: interruption.signal } : {}),
    ...(pace.stopped !== undefined && !interruption.signal ? { stoppedBy: pace.stopped } : {}),
    ...rateLimitOf(pace),
    ...(pace.notSent.length > 0 ? { notSent: pace.notSent } : {}),
  };
}

/**
 * conformance.json's `run.rateLimit`: how the server's quota shaped the run, when it did: the quota it
 * announced (its fields verbatim, and as read) apart from the rate the run measured and sent at.
 */
export function rateLimitOf(pace: Pace): Pick<RunInfo, 'rateLimit'> {
  const quiet = pace.pauses === 0 && pace.shed === 0 && pace.quota === undefined && pace.announced === undefined;
  if (quiet && pace.notes.length === 0) return {};
  const quota = pace.quotaText();
  const rate = pace.rateText();
  const announced = pace.announced;
  return {
    rateLimit: {
      pauses: pace.pauses,
      ...(pace.shed > 0 ? { shed: pace.shed } : {}),
      waitedMs: Math.round(pace.waitedMs),
      longestWaitMs: Math.round(pace.longestWaitMs),
      maxWaitMs: pace.maxWaitMs,
      ...(quota !== undefined ? { quota } : {}),
      ...(announced !== undefined ? { announced: announcedOf(announced) } : {}),
      ...(rate !== undefined ? { rate, ratePerSecond: Number(pace.quota!.ratePerS.toFixed(2)) } : {}),
      ...(pace.notes.length > 0 ? { notes: [...pace.notes] } : {}),
    },
  };
}

function announcedOf(a: NonNullable<Pace['announced']>): NonNullable<NonNullable<RunInfo['rateLimit']>['announced']> {
  const p = a.parsed ?? { source: 'RateLimit' };
  return {
    fields: a.fields,
    ...(p.limit !== undefined ? { limit: p.limit } : {}),
    ...(p.windowS !== undefined ? { windowS: p.windowS } : {}),
    ...(p.remaining !== undefined ? { remaining: p.remaining } : {}),
    ...(p.resetMs !== undefined ? { resetS: Math.round(p.resetMs / 1000) } : {}),
  };
}
