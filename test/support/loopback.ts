import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startReferenceServer, type ReferenceOptions, type RunningReference } from '../../reference/index.js';

/** What a proxy saw: every request, and the most requests it ever had in flight at once. */
export interface ProxyStats {
  /** each with when it came and when its answer ended (performance.now()), once it did */
  requests: Array<{ method: string; path: string; authorization: string | undefined; at?: number; doneAt?: number }>;
  inFlight: number;
  maxInFlight: number;
}

export interface ProxyOptions {
  /** requests (by method and path under the base) that get no answer, ever */
  hang?: (method: string, path: string) => boolean;
  /** after this many requests the proxy dies: it stops listening and drops every connection */
  dieAfter?: number;
  /** how long (ms) a request (by method and path under the base) is held before it goes on, in flight */
  delayMs?: (method: string, path: string) => number;
}

export interface Proxy {
  baseUrl: string;
  stats: ProxyStats;
  close(): Promise<void>;
}

/**
 * A loopback HTTP proxy in front of a server this test started, to watch what the suite sends
 * (methods, keys, requests in flight) and to misbehave on purpose (hang, die mid-run).
 */
export async function startProxy(upstreamBaseUrl: string, o: ProxyOptions = {}): Promise<Proxy> {
  const upstream = new URL(upstreamBaseUrl);
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const stats: ProxyStats = { requests: [], inFlight: 0, maxInFlight: 0 };
  const sockets = new Set<Socket>();
  let dead = false;
  const server = http.createServer((req, res) => {
    if (dead) {
      req.socket.destroy();
      return;
    }
    const p = (req.url ?? '/').startsWith(basePath) ? (req.url ?? '/').slice(basePath.length) : (req.url ?? '/');
    const seen: ProxyStats['requests'][number] = {
      method: req.method ?? 'GET',
      path: p,
      authorization: req.headers.authorization,
      at: performance.now(),
    };
    stats.requests.push(seen);
    if (o.dieAfter !== undefined && stats.requests.length > o.dieAfter) {
      dead = true;
      server.close();
      for (const s of sockets) s.destroy();
      return;
    }
    if (o.hang?.(req.method ?? 'GET', p)) return; // never answered
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    const done = () => {
      stats.inFlight -= 1;
      seen.doneAt = performance.now();
    };
    const delay = o.delayMs?.(req.method ?? 'GET', p) ?? 0;
    const forward = () => forwardTo(upstream, req, res, done);
    if (delay > 0) setTimeout(forward, delay);
    else forward();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${basePath}`,
    stats,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        if (!server.listening) {
          r();
          return;
        }
        server.close(() => r());
      }),
  };
}

/** Sends `req` on to `upstream` and its answer back; `done` once the answer ended (or failed). */
function forwardTo(upstream: URL, req: http.IncomingMessage, res: http.ServerResponse, done: () => void): void {
  const fwd = http.request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
      up.on('end', done);
    },
  );
  fwd.on('error', () => {
    done();
    res.destroy();
  });
  req.pipe(fwd);
}

/** A loopback server that accepts connections and never answers (or answers some paths normally via `serve`). */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = http.createServer(() => {
    /* never answers */
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/**
 * The reference server started in this test process, and a working folder holding a fixtures file
 * (workspace names, keys and the base URL to use: the proxy's when one is given).
 */
export async function referenceWithFixtures(
  options: ReferenceOptions = {},
): Promise<{ reference: RunningReference; dir: string; writeFixtures: (baseUrl: string) => string }> {
  const reference = await startReferenceServer(options);
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-safety-'));
  return {
    reference,
    dir,
    writeFixtures: (baseUrl: string) => {
      const file = path.join(dir, 'fixtures.json');
      writeFileSync(file, JSON.stringify({ ...reference.fixtures, baseUrl, ...reference.keys }));
      return file;
    },
  };
}

/** Which key of the reference an Authorization header carries. */
export function keyName(reference: RunningReference, authorization: string | undefined): string {
  if (authorization === undefined) return 'none';
  for (const [name, key] of Object.entries(reference.keys)) if (authorization === `Bearer ${key}`) return name;
  return 'other';
}
