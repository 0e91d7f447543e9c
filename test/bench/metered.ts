import { runSuite, type SuiteRun } from '../verify/detect.js';

/**
 * The metered rows of `npm run bench`: the whole suite, as a user runs it, against the reference
 * metered as production APIs meter their callers, each run's wall time beside its floor (the least
 * time the quota lets the requests it had answered take) and the target of issue 28.
 */
export const QUOTAS = {
  bucket: {
    label: 'token bucket, 10 requests/s, burst 20',
    args: ['--quota-bucket', '10:20'],
    /** the burst goes at once, the rest at 10 a second */
    floorMs: (answered: number) => (Math.max(0, answered - 20) / 10) * 1000,
    floor: '(requests − 20) ÷ 10 a second',
    /** 1.3 × floor + 10 s */
    targetMs: (floorMs: number) => 1.3 * floorMs + 10_000,
    target: '1.3 × floor + 10 s',
  },
  window: {
    label: 'fixed window, 600 requests/min',
    args: ['--quota-window', '600:60'],
    /** 600 at once, then a whole window for every 600 more */
    floorMs: (answered: number) => Math.floor(Math.max(0, answered - 1) / 600) * 60_000,
    floor: 'a minute for every 600 requests past the first 600',
    /** 1.3 × floor + one window */
    targetMs: (floorMs: number) => 1.3 * floorMs + 60_000,
    target: '1.3 × floor + 60 s',
  },
  // a default run now fits in one window of 600 (issue 28's example): a window half its size makes it wait
  'window-300': {
    label: 'fixed window, 300 requests/min',
    args: ['--quota-window', '300:60'],
    floorMs: (answered: number) => Math.floor(Math.max(0, answered - 1) / 300) * 60_000,
    floor: 'a minute for every 300 requests past the first 300',
    targetMs: (floorMs: number) => 1.3 * floorMs + 60_000,
    target: '1.3 × floor + 60 s',
  },
  // issue 38: a load balancer shedding load, not a quota (every 7th request 429, Retry-After: 1)
  'shed-7': {
    label: 'every 7th request 429, Retry-After: 1',
    args: ['--rate-limit-every', '7'],
    /**
     * The server refuses one request in 7 of all it receives, a request sent again after a 429 too: of
     * the n + r attempts a chain of n dependent requests takes, r = (n + r) ÷ 7 are refused, so r = n ÷ 6
     * (not n ÷ 7), each a Retry-After of 1 s its successors wait. Those waits can overlap the rest of the
     * unmetered run's checks phase (the other checks' CPU), not its start-up, preflight or reports.
     */
    floorMs: (_answered: number, o: FloorInput) =>
      o.unmeteredMs - o.unmeteredChecksMs + Math.max(o.unmeteredChecksMs, (o.chain / 6) * 1000),
    floor:
      'the unmetered run (latency 0), its checks phase overlapped by the expected waits of its longest chain of ' +
      'dependent requests: 1 s for every 6 of them (one request in 7 is refused, a retry too)',
    targetMs: (floorMs: number) => 1.5 * floorMs,
    target: '1.5 × floor',
  },
} as const satisfies Record<
  string,
  {
    label: string;
    args: readonly string[];
    floorMs: (answered: number, o: FloorInput) => number;
    floor: string;
    targetMs: (floorMs: number) => number;
    target: string;
  }
>;

/**
 * What a floor may rest on besides the requests answered: an unmetered run on this machine now (the latency-0
 * row): its wall time, its checks phase, its longest chain of dependent requests (answered ones: no 429 in it).
 */
export interface FloorInput {
  chain: number;
  unmeteredMs: number;
  unmeteredChecksMs: number;
}

export type QuotaName = keyof typeof QUOTAS;

export function isQuotaName(s: string): s is QuotaName {
  return Object.hasOwn(QUOTAS, s);
}

export interface MeteredRow {
  quota: QuotaName;
  label: string;
  wallMs: number;
  /** every request the run sent (probe, fixtures check, checks, set-ups, kept-record reads), 429s included */
  requests: number;
  /** of them, the 429s sent again */
  retried: number;
  floorMs: number;
  /** what the floor rested on besides the requests: the unmetered run's longest chain, wall time and checks phase */
  chain?: number;
  unmeteredMs?: number;
  unmeteredChecksMs?: number;
  /** this run's own longest chain, its 429s counted as requests (conformance.json run.chain) */
  meteredChain?: number;
  /** wall ÷ floor; null where the floor is 0 (every request fits in the quota at once) */
  ratioToFloor: number | null;
  targetMs: number;
  target: string;
  met: boolean;
  pauses: number;
  waitedMs: number;
  /** the quota as the run learned it */
  learned: string;
  blocked: number;
  failed: boolean;
}

const PROBES = 3;

function rowOf(quota: QuotaName, s: SuiteRun, unmetered: FloorInput): MeteredRow {
  const q = QUOTAS[quota];
  const run = s.run;
  const retried = run?.rateLimitRetries ?? 0;
  const requests =
    (run?.requestsSent ?? 0) + (run?.fixturesCheckRequests ?? 0) + (run?.keptRecordsRequests ?? 0) + PROBES;
  const floorMs = q.floorMs(requests - retried, unmetered);
  const targetMs = q.targetMs(floorMs);
  const limit = run?.rateLimit;
  const blocked = s.checks.filter((c) => c.status === 'blocked').length;
  return {
    quota,
    label: q.label,
    wallMs: s.ms,
    requests,
    retried,
    floorMs: Math.round(floorMs),
    ...unmetered,
    meteredChain: run?.chain ?? 0,
    ratioToFloor: floorMs > 0 ? Number((s.ms / floorMs).toFixed(2)) : null,
    targetMs: Math.round(targetMs),
    target: q.target,
    met: s.ms <= targetMs,
    pauses: limit?.pauses ?? 0,
    waitedMs: limit?.waitedMs ?? 0,
    learned: limit?.quota ?? limit?.rate ?? '',
    blocked,
    failed: s.error !== undefined || s.code !== 0 || blocked > 0,
  };
}

/** Runs each quota `runs` times (one at a time: they share nothing but the machine) and prints a row each. */
export async function meteredRows(
  quotas: readonly QuotaName[],
  runs: number,
  concurrency: number,
  /** an unmetered run on this machine now (the latency-0 row), for floors that rest on it */
  unmetered: FloorInput,
): Promise<MeteredRow[]> {
  console.log(
    ['metered', 'wall', 'floor', 'wall/floor', 'target', 'requests', 'retried', 'pauses', 'learned']
      .map((h, i) => h.padEnd(i === 0 ? 40 : 10))
      .join(' '),
  );
  const rows: MeteredRow[] = [];
  for (const quota of quotas) {
    const samples: MeteredRow[] = [];
    for (let i = 0; i < runs; i++) {
      samples.push(
        rowOf(
          quota,
          await runSuite([...QUOTAS[quota].args, '--concurrency', String(concurrency)], { timeoutMs: 900_000 }),
          unmetered,
        ),
      );
    }
    // the slowest of the runs: a target is met only when every run meets it
    const row = samples.reduce((a, b) => (b.wallMs > a.wallMs || b.failed ? b : a));
    rows.push(row);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      [
        row.label,
        s(row.wallMs),
        s(row.floorMs),
        row.ratioToFloor?.toFixed(2) ?? '—',
        `${s(row.targetMs)} ${row.met ? 'met' : 'MISSED'}`,
        String(row.requests),
        String(row.retried),
        String(row.pauses),
        row.failed ? `run failed (${row.blocked} blocked)` : row.learned,
      ]
        .map((c, i) => c.padEnd(i === 0 ? 40 : 10))
        .join(' '),
    );
  }
  for (const q of Object.values(QUOTAS))
    console.log(`floor of the ${q.label}: ${q.floor} (requests: those answered, not the 429s sent again)`);
  return rows;
}
