import type { CheckResult } from '../check/result.js';

/**
 * What a run cost the server, in requests: on a metered server (10 requests a second, say) a run's
 * floor is its requests divided by the quota, so the cost of each part is shown where it is paid.
 */
export interface RequestCounts {
  /** every request the run sent: the probe, the fixtures check, the checks, the set-ups, the kept-record audit */
  total: number;
  /** the probe before any check: one read per key */
  probe: number;
  fixturesCheck: number;
  /** the checks' own requests, their cleanups' included */
  checks: number;
  /** the run-scoped set-ups several checks share (lib/runner/run-setups.ts), counted by no check */
  setups: number;
  /** the read of every kept record after the checks, and what it put back */
  keptRecords: number;
  /** the checks' requests per endpoint group (suite file), most first */
  byGroup: Record<string, number>;
  /** the checks' requests per rule, most first */
  byRule: Record<string, number>;
  /** each shared set-up's requests, its archive at the end of the run included, most first */
  bySetup: Record<string, number>;
}

/** The run's figures that the counts are made of (conformance.json's `run`). */
export interface RequestFigures {
  requestsSent?: number;
  probeRequests?: number;
  fixturesCheckRequests?: number;
  keptRecordsRequests?: number;
  setupRequests?: number;
  setupRequestsByKey?: Record<string, number>;
}

/** Counts, most first (ties by name), as a plain object. */
function mostFirst(counts: ReadonlyMap<string, number>): Record<string, number> {
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

/** The requests of a run per part, per endpoint group and per rule, from its checks and its `run` figures. */
export function requestCounts(checks: readonly CheckResult[], run: RequestFigures): RequestCounts {
  const byGroup = new Map<string, number>();
  const byRule = new Map<string, number>();
  let own = 0;
  for (const c of checks) {
    const n = c.requests ?? 0;
    own += n;
    byGroup.set(c.group, (byGroup.get(c.group) ?? 0) + n);
    byRule.set(c.id, (byRule.get(c.id) ?? 0) + n);
  }
  const setups = run.setupRequests ?? 0;
  // requestsSent counts the checks' traffic and the set-ups' (a request that got no answer too)
  const checksSent = run.requestsSent !== undefined ? run.requestsSent - setups : own;
  const parts = {
    probe: run.probeRequests ?? 0,
    fixturesCheck: run.fixturesCheckRequests ?? 0,
    checks: checksSent,
    setups,
    keptRecords: run.keptRecordsRequests ?? 0,
  };
  return {
    total: parts.probe + parts.fixturesCheck + parts.checks + parts.setups + parts.keptRecords,
    ...parts,
    byGroup: mostFirst(byGroup),
    byRule: mostFirst(byRule),
    bySetup: mostFirst(new Map(Object.entries(run.setupRequestsByKey ?? {}))),
  };
}
