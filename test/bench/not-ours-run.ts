import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCli } from '../support/cli.js';
import { latencyProxy, type ServerAnswer } from './latency-proxy.js';
import { installedCopy, keyArgs, startedServer } from './not-ours.js';

/**
 * `npx tsx test/bench/not-ours-run.ts DIR --out OUT [--latency-ms 200]`: one run of the suite against the
 * server not ours in DIR, as `npm run bench -- --not-ours DIR` makes it (a copy installed, the server started
 * afresh, `--latency-ms` away behind the proxy), keeping what the bench throws away: the report and the HAR
 * in OUT (`npx tsx test/bench/timeline.ts OUT/run.har`), and the server's own time for every request, which
 * no HAR shows (OUT/server-times.tsv: when the proxy got the request and had its answer, ms from the first
 * request; the server's ms; status, method, path). It prints the run against its limit and what the server's
 * time cost the critical path: the requests of the checks that took turns on the record most held (the
 * run's longest chain), their server time beside every request's. For the bench's readers: nothing asserts a time.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, 'latency-ms': { type: 'string', default: '200' } },
});
const dir = positionals[0];
if (dir === undefined || values.out === undefined) {
  console.error('usage: npx tsx test/bench/not-ours-run.ts DIR --out OUT [--latency-ms 200]');
  process.exit(2);
}
const out = path.resolve(values.out);
const latencyMs = Number(values['latency-ms']);
mkdirSync(out, { recursive: true });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'conformance-not-ours-'));
try {
  const srv = installedCopy(dir, tmp);
  if (srv === undefined) throw new Error(`npm ci failed in a copy of ${dir}`);
  const fx = path.join(out, 'fx.json');
  const server = await startedServer(srv, fx);
  const answers: ServerAnswer[] = [];
  try {
    const proxy = await latencyProxy(server.baseUrl, latencyMs, (a) => answers.push(a));
    try {
      const load = os.loadavg()[0]!;
      const started = performance.now();
      const har = path.join(out, 'run.har');
      const r = await runCli([...keyArgs(proxy.baseUrl, fx), '--report-dir', out, '--har', har], {
        timeoutMs: 900_000,
      });
      summary(performance.now() - started, load, r.code, answers, har);
    } finally {
      await proxy.close();
    }
  } finally {
    server.stop();
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

interface Entry {
  startedDateTime: string;
  timings: { blocked: number };
  request: { method: string; url: string };
  _check: { held: string[] };
}

function summary(wallMs: number, load: number, code: number | null, answers: ServerAnswer[], har: string): void {
  const t0 = Math.min(...answers.map((a) => a.receivedMs));
  const ms = (a: ServerAnswer) => a.answeredMs - a.receivedMs;
  const rows = answers.map(
    (a) =>
      `${Math.round(a.receivedMs - t0)}\t${Math.round(a.answeredMs - t0)}\t${Math.round(ms(a))}\t${a.status}\t${a.method}\t${a.path}`,
  );
  writeFileSync(
    path.join(out, 'server-times.tsv'),
    `received\tanswered\tms\tstatus\tmethod\tpath\n${rows.join('\n')}\n`,
  );
  const report = JSON.parse(readFileSync(path.join(out, 'conformance.json'), 'utf8')) as {
    run: { chain: number; phases: Record<string, number>; concurrency?: { highest: number; settled: number } };
    requests?: { total: number };
  };
  const p = report.run.phases;
  const startup = (p['startupMs'] ?? 0) + (p['referenceStartMs'] ?? 0);
  const highest = report.run.concurrency?.highest ?? 1;
  const requests = report.requests?.total ?? answers.length;
  const limit = startup + Math.max(report.run.chain * latencyMs, (requests * latencyMs) / highest);
  console.log(
    `exit ${String(code)}, load ${load.toFixed(1)}: wall ${(wallMs / 1000).toFixed(1)} s against a limit of ` +
      `${(limit / 1000).toFixed(1)} s (${(wallMs / limit).toFixed(2)}), ${requests} requests, chain ${report.run.chain}, ` +
      `concurrency ${highest}/${report.run.concurrency?.settled ?? ''}; phases ${JSON.stringify(p)}`,
  );
  const critical = criticalAnswers(answers, har);
  const mean = (xs: ServerAnswer[]) => xs.reduce((s, a) => s + ms(a), 0) / Math.max(1, xs.length);
  console.log(
    `the server's own time: ${mean(answers).toFixed(1)} ms a request on average; the critical path's ` +
      `${critical.length} requests ${mean(critical).toFixed(1)} ms each, ${Math.round(critical.length * mean(critical))} ms in all`,
  );
  console.log(`written: ${path.join(out, 'server-times.tsv')}, the report and run.har in ${out}`);
}

/**
 * The proxy's answers to the requests of the checks that took turns on the record most held: of the
 * answers to the same method and path, the one the proxy got nearest the time the HAR says it was sent.
 */
function criticalAnswers(answers: ServerAnswer[], har: string): ServerAnswer[] {
  const entries = (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: Entry[] } }).log.entries;
  const count = new Map<string, number>();
  for (const e of entries) for (const k of e._check.held) count.set(k, (count.get(k) ?? 0) + 1);
  const most = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
  const left = [...answers];
  const found: ServerAnswer[] = [];
  for (const e of entries.filter((x) => most !== undefined && x._check.held.includes(most))) {
    const p = new URL(e.request.url).pathname;
    const sentAt = Date.parse(e.startedDateTime) + e.timings.blocked - performance.timeOrigin;
    let best = -1;
    for (const [i, a] of left.entries()) {
      if (a.method !== e.request.method || a.path !== p) continue;
      if (best < 0 || Math.abs(a.receivedMs - sentAt) < Math.abs(left[best]!.receivedMs - sentAt)) best = i;
    }
    if (best >= 0) found.push(...left.splice(best, 1));
  }
  return found;
}
