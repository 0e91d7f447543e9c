import type { RunInfo } from '../report/conformance-json.js';
import type { ObservedContract } from '../report/observed.js';

// What the shards of one run add up to (npx conformance merge, lib/cli/merge.ts).

/** The shards' runs as one: their span, their counts summed, their pace and concurrency joined. */
export function mergedRun(runs: readonly RunInfo[]): RunInfo {
  const first = runs[0] as RunInfo;
  const start = Math.min(...runs.map((r) => Date.parse(r.startedAt)));
  const end = Math.max(...runs.map((r) => Date.parse(r.startedAt) + r.durationMs));
  // each shard timed its own phases: a merged run has none
  const {
    shard: _shard,
    phases: _phases,
    fixturesCheckRequests: _f,
    keptRecordsRequests: _k,
    setupRequests: _s,
    setupRequestsByKey: _sk,
    probeRequests: _p,
    chain: _c,
    ...rest
  } = first;
  return {
    ...rest,
    runId: runs.map((r) => r.runId).join('+'),
    startedAt: new Date(start).toISOString(),
    durationMs: end - start,
    requestsSent: runs.reduce((n, r) => n + (r.requestsSent ?? 0), 0),
    rateLimitRetries: runs.reduce((n, r) => n + (r.rateLimitRetries ?? 0), 0),
    // every shard counted its own: the merged run's are their sums (the first shard's alone misled)
    ...summed(runs, 'fixturesCheckRequests'),
    ...summed(runs, 'keptRecordsRequests'),
    ...summed(runs, 'setupRequests'),
    ...summed(runs, 'probeRequests'),
    ...setupsByKey(runs),
    ...(runs.some((r) => r.chain !== undefined) ? { chain: Math.max(...runs.map((r) => r.chain ?? 0)) } : {}),
    ...concurrencyOf(runs),
    ...paceOf(runs),
  };
}

/** What a metered server did to the shards: every request one could not send, and all their pauses. */
function paceOf(runs: readonly RunInfo[]): Pick<RunInfo, 'notSent' | 'rateLimit' | 'stoppedBy'> {
  const notSent = runs.flatMap((r) => r.notSent ?? []);
  const limits = runs.flatMap((r) => (r.rateLimit ? [r.rateLimit] : []));
  const stoppedBy = runs.find((r) => r.stoppedBy !== undefined)?.stoppedBy;
  const first = limits[0];
  return {
    ...(notSent.length > 0 ? { notSent } : {}),
    ...(stoppedBy !== undefined ? { stoppedBy } : {}),
    ...(first
      ? {
          rateLimit: {
            ...first,
            pauses: limits.reduce((n, l) => n + l.pauses, 0),
            waitedMs: limits.reduce((n, l) => n + l.waitedMs, 0),
            longestWaitMs: Math.max(...limits.map((l) => l.longestWaitMs)),
          },
        }
      : {}),
  };
}

/** A count every shard may have: the sum of those that have it, or nothing when none does. */
function summed(
  runs: readonly RunInfo[],
  key: 'fixturesCheckRequests' | 'keptRecordsRequests' | 'setupRequests' | 'probeRequests',
): Partial<RunInfo> {
  const counted = runs.flatMap((r) => (r[key] !== undefined ? [r[key]] : []));
  return counted.length > 0 ? { [key]: counted.reduce((a, b) => a + b, 0) } : {};
}

/** The shards' concurrency: the lowest any of them settled at or fell to (a 429 in one shard is the server's limit). */
function concurrencyOf(runs: readonly RunInfo[]): Pick<RunInfo, 'concurrency'> {
  const known = runs.flatMap((r) => (r.concurrency ? [r.concurrency] : []));
  const first = known[0];
  if (first === undefined) return {};
  return {
    concurrency: {
      configured: first.configured,
      settled: Math.min(...known.map((c) => c.settled)),
      lowest: Math.min(...known.map((c) => c.lowest)),
    },
  };
}

/** Each shared set-up's requests over the shards (a shard makes the set-ups its own checks ask for). */
function setupsByKey(runs: readonly RunInfo[]): Pick<RunInfo, 'setupRequestsByKey'> {
  const byKey: Record<string, number> = {};
  for (const r of runs)
    for (const [key, n] of Object.entries(r.setupRequestsByKey ?? {})) byKey[key] = (byKey[key] ?? 0) + n;
  return Object.keys(byKey).length > 0 ? { setupRequestsByKey: byKey } : {};
}

/** The observed-contract tables of the shards, counts summed. */
export function mergeObserved(parts: ReadonlyArray<ObservedContract | undefined>): ObservedContract {
  const success = new Map<string, { statuses: Record<string, number>; emptyBodies: number }>();
  const codes = new Map<string, { statuses: Record<string, number>; statedStatus: number | null }>();
  const add = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
  };
  for (const p of parts) {
    for (const s of p?.successStatuses ?? []) {
      const e = success.get(s.endpoint) ?? { statuses: {}, emptyBodies: 0 };
      add(e.statuses, s.statuses);
      e.emptyBodies += s.emptyBodies;
      success.set(s.endpoint, e);
    }
    for (const c of p?.errorCodes ?? []) {
      const e = codes.get(c.code) ?? { statuses: {}, statedStatus: c.statedStatus };
      add(e.statuses, c.statuses);
      codes.set(c.code, e);
    }
  }
  return {
    successStatuses: [...success].sort(([a], [b]) => a.localeCompare(b)).map(([endpoint, e]) => ({ endpoint, ...e })),
    errorCodes: [...codes].sort(([a], [b]) => a.localeCompare(b)).map(([code, e]) => ({ code, ...e })),
  };
}
