import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSuite, type SuiteRun } from '../verify/detect.js';
import { latencyProxy } from './latency-proxy.js';

/**
 * The 200 ms rows of `npm run bench` on servers not ours (issue 40: the run near the network's limit
 * "on servers not ours too"). Always: the embedded reference under legal variations that answer
 * discovery in other shapes (lib/ chooses its requests from what discovery shows, so the requests and
 * chains differ). With `--not-ours DIR` (once per server), also independent implementations of the spec
 * (a folder whose `node server.mjs --port 0 --fixtures-out F` prints `LISTENING <baseUrl>` and writes
 * the keys and fixtures: /work/shared/implementations/ holds two), each installed in a writable
 * temporary copy and put 200 ms away behind a proxy (test/bench/latency-proxy.ts). The project stands
 * alone: without a folder, that row says so.
 */
export const DISCOVERY_VARIATIONS = [
  'discovery-lists-by-attribute-names',
  'discovery-object-api-name',
  'discovery-relationships-listed',
  'discovery-stage-by-attribute',
];

export interface NotOursRun {
  /** what the run was against */
  server: string;
  /** every run, one after another, each with the host's load average (1 min) as it started: a shared machine's
   * load moves one run's wall/limit by a tenth or more, so a row is the median of several */
  runs?: Array<{ run: SuiteRun; load: number }>;
  /** why there is no run */
  none?: string;
}

/** The suite at `latencyMs` against the reference under the discovery variations, `times` times. */
export async function variationRun(latencyMs: number, concurrency: number, times = 1): Promise<NotOursRun> {
  const args = DISCOVERY_VARIATIONS.flatMap((v) => ['--variation', v]);
  const runs: NonNullable<NotOursRun['runs']> = [];
  for (let i = 0; i < times; i++) {
    const load = os.loadavg()[0]!;
    const argv = [...args, '--latency-ms', String(latencyMs), '--concurrency', String(concurrency)];
    runs.push({ run: await runSuite(argv, { timeoutMs: 900_000 }), load });
  }
  return { server: `the reference with ${DISCOVERY_VARIATIONS.join(', ')}`, runs };
}

/** The suite at `latencyMs` against each server in `dirs`, `times` times each; one row saying so without any. */
export async function serverRuns(
  dirs: readonly string[],
  latencyMs: number,
  concurrency: number,
  times = 1,
): Promise<NotOursRun[]> {
  if (dirs.length === 0) return [{ server: 'another implementation', none: 'no server given (`--not-ours DIR`)' }];
  const runs: NotOursRun[] = [];
  for (const dir of dirs) runs.push(await serverRun(dir, latencyMs, concurrency, times));
  return runs;
}

/**
 * The suite at `latencyMs` against the server in `dir`, installed once in a temporary copy, `times` times:
 * each run against the server started afresh (the first run of a new user), so no run meets another's records.
 */
export async function serverRun(dir: string, latencyMs: number, concurrency: number, times = 1): Promise<NotOursRun> {
  const name = path.basename(path.resolve(dir));
  if (!existsSync(path.join(dir, 'server.mjs'))) return { server: name, none: `no server.mjs in ${dir}` };
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'conformance-not-ours-'));
  try {
    const srv = installedCopy(dir, tmp);
    if (srv === undefined) return { server: name, none: `npm ci failed in a copy of ${dir}` };
    const runs: NonNullable<NotOursRun['runs']> = [];
    for (let i = 0; i < times; i++)
      runs.push(await oneRun(srv, path.join(tmp, `fx-${i}.json`), latencyMs, concurrency));
    return { server: name, runs };
  } catch (err) {
    return { server: name, none: `could not run: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** One run against the server installed in `srv`, started for it, `latencyMs` away behind the proxy. */
async function oneRun(
  srv: string,
  fx: string,
  latencyMs: number,
  concurrency: number,
): Promise<{ run: SuiteRun; load: number }> {
  const server = await startedServer(srv, fx);
  try {
    const proxy = await latencyProxy(server.baseUrl, latencyMs);
    try {
      const load = os.loadavg()[0]!;
      const argv = [...keyArgs(proxy.baseUrl, fx), '--concurrency', String(concurrency)];
      return { run: await runSuite(argv, { timeoutMs: 900_000 }), load };
    } finally {
      await proxy.close();
    }
  } finally {
    server.stop();
  }
}

/** A writable copy of the server in `dir` under `tmp`, its packages installed (undefined when `npm ci` fails). */
export function installedCopy(dir: string, tmp: string): string | undefined {
  const srv = path.join(tmp, 'srv');
  cpSync(dir, srv, { recursive: true, filter: (p) => !p.includes(`${path.sep}node_modules`) });
  // a server's folder may be read-only (a shared checkout): its copy must take node_modules
  writable(srv);
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: srv, stdio: 'ignore' });
  return install.status === 0 ? srv : undefined;
}

/** The server installed in `srv`, started afresh: its base URL, its keys and fixtures written to `fx`. */
export async function startedServer(srv: string, fx: string): Promise<{ baseUrl: string; stop: () => void }> {
  const child = spawn(process.execPath, ['server.mjs', '--port', '0', '--fixtures-out', fx], {
    cwd: srv,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    return { baseUrl: await listening(child.stdout), stop: () => child.kill() };
  } catch (err) {
    child.kill();
    throw err;
  }
}

/** The suite's arguments for the server whose keys and fixtures `fx` holds, reached at `baseUrl`. */
export function keyArgs(baseUrl: string, fx: string): string[] {
  const keys = JSON.parse(readFileSync(fx, 'utf8')) as Record<string, string>;
  return [
    ...['--base-url', baseUrl, '--api-key', keys['apiKey']!],
    ...['--other-org-api-key', keys['otherOrgApiKey']!, '--read-only-api-key', keys['readOnlyApiKey']!],
    ...['--fixtures', fx],
  ];
}

/** The middle item by `key` (of an even count, the lower middle one): the run a row of several shows. */
export function medianBy<T>(items: readonly T[], key: (item: T) => number): T | undefined {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Gives the owner write permission on `dir` and everything under it (cpSync keeps the source's modes). */
export function writable(dir: string): void {
  for (const p of [dir, ...readdirSync(dir, { recursive: true }).map((f) => path.join(dir, String(f)))])
    chmodSync(p, statSync(p).mode | 0o200);
}

/** The base URL the server prints (`LISTENING <url>`), within a minute. */
function listening(out: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('the server did not start within a minute')), 60_000);
    out.on('data', (d: Buffer) => {
      seen += d.toString();
      const m = /LISTENING (\S+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
  });
}
