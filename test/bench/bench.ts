import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runSuite, type SuiteRun } from '../verify/detect.js';
import { startReferenceServer } from '../../reference/index.js';
import { KEY_LABELS } from '../../lib/redact/redact.js';
import { replay, replayPlan } from './replay.js';
import { isQuotaName, meteredRows, type MeteredRow } from './metered.js';
import { performanceMarkdown, type BenchResults } from './performance-md.js';
import { profileRun } from './profile.js';
import { printRequests, readBefore } from './requests.js';
import { medianBy, serverRuns, variationRun, type NotOursRun } from './not-ours.js';
import type { RequestCounts } from '../../lib/report/request-counts.js';

/**
 * `npm run bench [-- --runs N --latency-ms 0,50,100,200 --concurrency N --metered bucket,window,window-300
 * --metered-runs N --not-ours DIR... --only-not-ours]`:
 * whole suite runs against
 * the embedded reference server, with latency added to every response (a deployed server is tens of
 * milliseconds away, so latency, not CPU, is what a user waits on). Each setting runs N times, one
 * at a time, in a child process as a user runs it; the table gives medians. For each setting it
 * prints how near the run came to the limit the network sets:
 *
 *   limit = start-up + max(chain × latency, requests × latency / concurrency)
 *
 * (the run's own request count and longest chain of dependent requests, from conformance.json), and
 * the overhead over a raw replay of the same requests (recorded with --har) by a plain undici loop at
 * the same concurrency and dependency order. Then the metered runs (test/bench/metered.ts): the same
 * suite against the reference metered as production APIs are (a token bucket of 10 a second, burst
 * 20; a fixed window of 600 a minute), each wall time beside its floor (requests ÷ quota). Results go
 * to bench/results.json, and docs/performance.md is written from them. Benchmarks, not tests: these
 * machines are shared and noisy, so nothing here asserts a time.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'latency-ms': { type: 'string', default: '0,50,100,200' },
    concurrency: { type: 'string', default: '32' },
    metered: { type: 'string', default: 'bucket,window,window-300,shed-7' },
    'metered-runs': { type: 'string', default: '1' },
    /** an independent implementation of the spec (a folder with server.mjs) for a 200 ms row; once per server */
    'not-ours': { type: 'string', multiple: true },
    /** only the rows of servers not ours: the other figures stay the last measured (results.json) */
    'only-not-ours': { type: 'boolean', default: false },
    'not-ours-latency-ms': { type: 'string', default: '200' },
  },
});
// the machine is shared: how loaded it was when the bench started goes beside every figure
const loadAtStart = os.loadavg()[0]!;
const runs = Number(values.runs);
const concurrency = Number(values.concurrency);
const latencies = values['latency-ms'].split(',').map((s) => Number(s.trim()));
const meteredRuns = Number(values['metered-runs']);
const onlyNotOurs = values['only-not-ours'];
const metered = values.metered === 'none' || onlyNotOurs ? [] : values.metered.split(',').map((s) => s.trim());
if (
  !Number.isInteger(runs) ||
  runs < 1 ||
  !Number.isInteger(concurrency) ||
  concurrency < 1 ||
  latencies.some((l) => !Number.isInteger(l) || l < 0) ||
  !Number.isInteger(meteredRuns) ||
  meteredRuns < 1 ||
  metered.some((m) => !isQuotaName(m))
) {
  console.error(
    'usage: npm run bench -- [--runs N] [--latency-ms 0,50,100,200] [--concurrency N] [--metered bucket,window,window-300,shed-7|none] [--metered-runs N] [--not-ours DIR]',
  );
  process.exit(2);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const seconds = (ms: number): string => (ms / 1000).toFixed(1);

interface Row {
  latencyMs: number;
  wallMs: number;
  inRunMs: number;
  /** process start to the first request (the probe): Node, the bundle, the reference server */
  startupMs: number;
  checksMs: number;
  /** every request the run sent the server (conformance.json requests.total) */
  requests: number;
  checks: number;
  requestsPerCheck: number;
  chain: number;
  /** the concurrency the run grew to (median of the runs' highest) and ended at */
  highest: number;
  settled: number;
  limitMs: number;
  ratioToLimit: number;
  replayMs: number;
  replayOverhead: number;
  failed: number;
}

interface NotOursRow {
  server: string;
  latencyMs: number;
  none?: string;
  wallMs?: number;
  startupMs?: number;
  requests?: number;
  chain?: number;
  highest?: number;
  settled?: number;
  limitMs?: number;
  ratioToLimit?: number;
  failed?: number;
  /** each run's wall/limit and the host's load as it started, in the order they ran (the row is the median run) */
  each?: Array<{ ratioToLimit: number; load: number }>;
}

/** The runs against a server not ours: the median run by wall/limit, beside each run's ratio and load. */
function notOursRow(r: NotOursRun, latencyMs: number): NotOursRow {
  const rows = (r.runs ?? []).map(({ run, load }) => ({ row: runRow(r.server, run, latencyMs), load }));
  const measured = rows.filter((x) => x.row.none === undefined);
  const median = medianBy(measured, (x) => x.row.ratioToLimit!);
  if (median === undefined)
    return { server: r.server, latencyMs, none: r.none ?? rows[0]?.row.none ?? 'the run wrote no report' };
  if (rows.length === 1) return median.row;
  return { ...median.row, each: rows.map((x) => ({ ratioToLimit: x.row.ratioToLimit ?? 0, load: x.load })) };
}

/** One run against a server not ours, beside the limit its own requests and chain set. */
function runRow(server: string, run: SuiteRun, latencyMs: number): NotOursRow {
  if (run.run === undefined) return { server, latencyMs, none: run.error ?? 'the run wrote no report' };
  const f = figures(run);
  const limitMs = f.startupMs + Math.max(f.chain * latencyMs, (f.requests * latencyMs) / f.highest);
  return {
    server,
    latencyMs,
    wallMs: f.wallMs,
    startupMs: f.startupMs,
    requests: f.requests,
    chain: f.chain,
    highest: f.highest,
    settled: f.settled,
    limitMs: Math.round(limitMs),
    ratioToLimit: Number((f.wallMs / limitMs).toFixed(2)),
    failed: f.failed,
  };
}

/** The figures of one run, from its report. */
function figures(
  s: SuiteRun,
): Omit<Row, 'latencyMs' | 'limitMs' | 'ratioToLimit' | 'replayMs' | 'replayOverhead'> & { probes: number } {
  const p = s.run?.phases ?? {};
  const probes = 3;
  const checkRequests = s.run?.requestsSent ?? 0;
  return {
    wallMs: s.ms,
    inRunMs: s.run?.durationMs ?? s.ms,
    startupMs: (p['startupMs'] ?? 0) + (p['referenceStartMs'] ?? 0),
    checksMs: p['checksMs'] ?? 0,
    requests: s.requests?.total ?? checkRequests + (s.run?.fixturesCheckRequests ?? 0) + probes,
    checks: s.checks.length,
    requestsPerCheck: checkRequests / Math.max(1, s.checks.length),
    chain: s.run?.chain ?? 0,
    highest: s.run?.concurrency?.highest ?? s.run?.concurrency?.settled ?? concurrency,
    settled: s.run?.concurrency?.settled ?? concurrency,
    failed: s.checks.filter((c) => c.status === 'failed' || c.status === 'blocked').length,
    probes,
  };
}

console.log(
  `suite runs against the embedded reference server, ${runs} per setting, --concurrency ${concurrency}, on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
);
console.log('');
const header = [
  'latency',
  'wall',
  'in-run',
  'start-up',
  'requests',
  'chain',
  'conc.',
  'limit',
  'wall/limit',
  'replay',
  'suite/replay',
];
console.log(header.map((h) => h.padEnd(10)).join(' '));
const rows: Row[] = [];
let lastChecks: SuiteRun['checks'] = [];
let lastRequests: RequestCounts | undefined;
let broken = false;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'conformance-bench-'));
try {
  for (const latency of onlyNotOurs ? [] : latencies) {
    const samples: Array<{ run: SuiteRun; replayMs: number }> = [];
    for (let i = 0; i < runs; i++) {
      const har = path.join(tmp, `${latency}-${i}.har`);
      const run = await runSuite(
        [...(latency > 0 ? ['--latency-ms', String(latency)] : []), '--concurrency', String(concurrency), '--har', har],
        { timeoutMs: 900_000 },
      );
      if (run.error !== undefined || run.code !== 0) {
        samples.push({ run, replayMs: 0 });
        break;
      }
      // the same requests, by a plain loop, against a fresh reference server with the same latency
      const server = await startReferenceServer({ latencyMs: latency });
      try {
        const labels = new Map<string, string | undefined>(
          Object.entries(KEY_LABELS).map(([k, label]) => [label, server.keys[k as keyof typeof server.keys]]),
        );
        const replayMs = await replay(replayPlan(har), {
          baseUrl: server.baseUrl,
          concurrency,
          keyFor: (label) => labels.get(label),
        });
        samples.push({ run, replayMs });
      } finally {
        await server.close();
      }
    }
    const bad = samples.find((s) => s.run.error !== undefined || s.run.code !== 0);
    if (bad) {
      broken = true;
      console.log(
        `${`${latency} ms`.padEnd(10)} run failed: exit ${String(bad.run.code)}${bad.run.error ? ` (${bad.run.error})` : ''}`,
      );
      continue;
    }
    lastChecks = samples.at(-1)?.run.checks ?? lastChecks;
    lastRequests = samples.at(-1)?.run.requests ?? lastRequests;
    const f = samples.map((s) => figures(s.run));
    const m = (pick: (x: (typeof f)[number]) => number) => median(f.map(pick));
    const startupMs = m((x) => x.startupMs);
    const requests = m((x) => x.requests);
    const chain = m((x) => x.chain);
    const highest = m((x) => x.highest);
    const settled = m((x) => x.settled);
    // the network's limit at the concurrency the run reached
    const limitMs = startupMs + Math.max(chain * latency, (requests * latency) / highest);
    const wallMs = m((x) => x.wallMs);
    const checksMs = m((x) => x.checksMs);
    const replayMs = median(samples.map((s) => s.replayMs));
    const row: Row = {
      latencyMs: latency,
      wallMs,
      inRunMs: m((x) => x.inRunMs),
      startupMs,
      checksMs,
      requests,
      checks: m((x) => x.checks),
      requestsPerCheck: Number(m((x) => x.requestsPerCheck).toFixed(2)),
      chain,
      highest,
      settled,
      limitMs: Math.round(limitMs),
      ratioToLimit: Number((wallMs / limitMs).toFixed(2)),
      replayMs: Math.round(replayMs),
      replayOverhead: Number((checksMs / replayMs).toFixed(2)),
      failed: m((x) => x.failed),
    };
    rows.push(row);
    console.log(
      [
        `${latency} ms`,
        `${seconds(wallMs)} s`,
        `${seconds(row.inRunMs)} s`,
        `${seconds(startupMs)} s`,
        String(requests),
        String(chain),
        `${highest}/${settled}`,
        `${seconds(limitMs)} s`,
        row.ratioToLimit.toFixed(2),
        `${seconds(replayMs)} s`,
        row.replayOverhead.toFixed(2),
      ]
        .map((c) => c.padEnd(10))
        .join(' '),
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const zero = rows.find((r) => r.latencyMs === 0);
console.log('');
console.log(
  "wall: the whole `npx conformance` process; in-run: from the run's start to its report; start-up: process start to the first request",
);
console.log('conc.: the concurrency the run grew to / ended at (it starts at 8, ceiling --concurrency)');
console.log(
  "limit: start-up + max(chain × latency, requests × latency / the concurrency reached); suite/replay: the checks' time over a plain undici replay of their requests",
);
if (zero) {
  const ratio = (l: number) => rows.find((r) => r.latencyMs === l);
  const parts = [50, 100, 200].flatMap((l) =>
    ratio(l) ? [`${l} ms ${(ratio(l)!.wallMs / zero.wallMs).toFixed(1)}×`] : [],
  );
  if (parts.length > 0) console.log(`wall against 0 ms: ${parts.join(', ')}`);
  const rpc = rows[0]!.requestsPerCheck;
  console.log(`${rows[0]!.checks} checks, ${rpc} requests per check`);
}

// where the requests go: a regression in request economy shows here first
const byRule = new Map<string, number>();
for (const c of lastChecks) byRule.set(c.id, (byRule.get(c.id) ?? 0) + (c.requests ?? 0));
const top = [...byRule].sort((a, b) => b[1] - a[1]).slice(0, 12);
console.log('');
if (onlyNotOurs)
  console.log('--only-not-ours: the round trips, the metered runs and the profile stay as last measured');
else if (lastRequests) printRequests(lastRequests, readBefore(), (line) => console.log(line));
else
  console.log(
    `requests per rule (top ${top.length} of ${byRule.size}): ${top.map(([id, n]) => `${id} ${n}`).join(', ')}`,
  );

// issue 40: near the limit on servers not ours too (test/bench/not-ours.ts)
const notOursLatency = Number(values['not-ours-latency-ms']);
const notOurs: NotOursRow[] = [];
console.log('');
for (const r of [
  await variationRun(notOursLatency, concurrency, runs),
  ...(await serverRuns(values['not-ours'] ?? [], notOursLatency, concurrency, runs)),
]) {
  const row = notOursRow(r, notOursLatency);
  notOurs.push(row);
  console.log(
    row.none !== undefined
      ? `${notOursLatency} ms, ${row.server}: not measured (${row.none})`
      : `${notOursLatency} ms, ${row.server}: wall ${seconds(row.wallMs!)} s, ${row.requests} requests, chain ${row.chain}, concurrency ${row.highest}/${row.settled}, limit ${seconds(row.limitMs!)} s, wall/limit ${row.ratioToLimit!.toFixed(2)}${row.failed! > 0 ? `, ${row.failed} failed or blocked` : ''}${row.each ? ` (median of ${row.each.length}: ${row.each.map((x) => `${x.ratioToLimit.toFixed(2)} at load ${x.load.toFixed(1)}`).join(', ')})` : ''}`,
  );
}

const out = fileURLToPath(new URL('./results.json', import.meta.url));
// the metered runs take minutes: without them (--metered none) the last ones measured are kept
let meteredOut: MeteredRow[] = existsSync(out)
  ? ((JSON.parse(readFileSync(out, 'utf8')) as { metered?: MeteredRow[] }).metered ?? [])
  : [];
if (metered.length > 0) {
  console.log('');
  // a floor that rests on an unmetered run takes this machine's now: the latency-0 row (else the first)
  const plain = rows.find((r) => r.latencyMs === 0) ?? rows[0];
  const unmetered = {
    unmeteredMs: plain?.wallMs ?? 0,
    unmeteredChecksMs: plain?.checksMs ?? 0,
    chain: plain?.chain ?? 0,
  };
  meteredOut = await meteredRows(metered.filter(isQuotaName), meteredRuns, concurrency, unmetered);
  if (meteredOut.some((r) => r.failed)) broken = true;
}

// where a default run's CPU goes: this commit's profile, beside the one kept as `before`
const earlierResults = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as BenchResults) : undefined;
const earlier = earlierResults?.profile;
const profile = onlyNotOurs
  ? { ...earlier }
  : { ...earlier, after: profileRun(fileURLToPath(new URL('../../', import.meta.url))) };

mkdirSync(path.dirname(out), { recursive: true });
const measured = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: Number(loadAtStart.toFixed(1)),
  },
  runsPerSetting: runs,
  concurrency,
  rows,
  notOurs,
  metered: meteredOut,
  requestsPerRule: Object.fromEntries(byRule),
  ...(lastRequests ? { requests: lastRequests } : {}),
  profile,
};
// --only-not-ours: every other figure as last measured, beside this bench's rows of servers not ours
const results = onlyNotOurs && earlierResults ? { ...earlierResults, notOurs } : measured;
writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
console.log(`written: ${path.relative(process.cwd(), out)}`);
const doc = fileURLToPath(new URL('../../docs/performance.md', import.meta.url));
writeFileSync(doc, performanceMarkdown(results, readBefore()));
console.log(`written: ${path.relative(process.cwd(), doc)}`);
process.exit(broken ? 1 : 0);
