import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestContext } from 'vitest';
import { startReferenceServer, type ReferenceOptions, type RunningReference } from '../../reference/index.js';

/** One request as the hostile server saw it (path as sent, base path included). */
export interface Seen {
  method: string;
  url: string;
  body: string;
  /** its Authorization header (a key of the test's own reference), when it had one */
  auth?: string;
  /** when its body had come (performance.now()): a test can time a run from what the server saw */
  at: number;
}

/** The reference's answer, buffered, before the attack changes it. */
export interface Answer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: string;
}

/**
 * An attack: given the request and the reference's answer, answer in its place (write to `res` or
 * the socket raw) and return true; return false to pass the answer on unchanged. `before` runs
 * before the reference sees the request (for an attack that never lets it through).
 */
export interface Attack {
  before?: (req: Seen, res: http.ServerResponse) => boolean;
  after?: (req: Seen, answer: Answer, res: http.ServerResponse) => boolean;
}

export interface Hostile {
  baseUrl: string;
  seen: Seen[];
  reference: RunningReference;
  /** a folder with fixtures.json pointing at the hostile server, and room for reports */
  dir: string;
  fixtures: string;
  close(): Promise<void>;
}

/**
 * A raw node:http server on 127.0.0.1 in front of the reference server, that turns hostile in the
 * one way a test asks for. Everything it receives is recorded, so a test can say what was sent.
 */
export async function startHostile(attack: Attack, options: ReferenceOptions = {}): Promise<Hostile> {
  const reference = await startReferenceServer(options);
  const upstream = new URL(reference.baseUrl);
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        body: Buffer.concat(chunks).toString('utf8'),
        ...(req.headers.authorization !== undefined ? { auth: req.headers.authorization } : {}),
        at: performance.now(),
      };
      seen.push(s);
      if (attack.before?.(s, res)) return;
      const headers = { ...req.headers, host: upstream.host };
      const fwd = http.request(
        { host: upstream.hostname, port: upstream.port, method: s.method, path: s.url, headers },
        (up) => {
          const body: Buffer[] = [];
          up.on('data', (c: Buffer) => body.push(c));
          up.on('end', () => {
            const h = { ...up.headers };
            delete h['content-length'];
            delete h['transfer-encoding'];
            const answer: Answer = {
              status: up.statusCode ?? 502,
              headers: h,
              body: Buffer.concat(body).toString('utf8'),
            };
            if (attack.after?.(s, answer, res)) return;
            res.writeHead(answer.status, answer.headers);
            res.end(answer.body);
          });
        },
      );
      fwd.on('error', () => res.destroy());
      fwd.end(s.body);
    });
  });
  // idle sockets kept 30 s, as the embedded reference keeps them: at Node's 5 s, a run pausing on a
  // Retry-After under a loaded machine met a socket the server was closing (ECONNRESET, 3 in a row read as
  // a server that stopped answering); the client lets a socket go at 2 s whatever a server says
  server.keepAliveTimeout = 30_000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}${upstream.pathname}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-hostile-'));
  const fixtures = path.join(dir, 'fixtures.json');
  writeFileSync(fixtures, JSON.stringify({ ...reference.fixtures, baseUrl, ...reference.keys }));
  return {
    baseUrl,
    seen,
    reference,
    dir,
    fixtures,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      await reference.close();
    },
  };
}

/** Every file a run wrote under `dir` (reports, ledger, HAR), as text. */
export function filesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** The base path of the reference: what every request must stay under. */
export const BASE_PATH = '/api/v2/public';

/**
 * Whether a request target, as a server or a proxy in front sees it, leaves the base path: taken
 * as sent, percent-decoded once and twice (nginx decodes `%2F`), backslashes read as slashes, dot
 * segments resolved. A decoded `?` or `#` counts too: a proxy re-parsing it sends another request.
 */
export function leavesBase(target: string): boolean {
  // the query as sent is the client's own (encoded parameters); the path is what a proxy decodes
  const views = [target.split('?')[0] ?? target];
  for (let i = 0; i < 2; i++) {
    try {
      views.push(decodeURIComponent(views.at(-1)!));
    } catch {
      views.push(views.at(-1)!.replace(/%2f/gi, '/').replace(/%5c/gi, '\\'));
    }
  }
  return views.some((v) => {
    if (/[?#]/.test(v)) return true;
    const resolved = new URL(v.replace(/\\/g, '/'), 'http://h').pathname;
    return !resolved.startsWith(`${BASE_PATH}/`);
  });
}

/** startHostile for one test alone, closed when the test ends: for tests that run at once (describe.concurrent). */
export async function startHostileFor(
  t: TestContext,
  attack: Attack,
  options: ReferenceOptions = {},
): Promise<Hostile> {
  const hostile = await startHostile(attack, options);
  t.onTestFinished(() => hostile.close());
  return hostile;
}
