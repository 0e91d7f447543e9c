import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';

/** One answer at the proxy (its process's performance.now()): the server's own time is `answeredMs - receivedMs`. */
export interface ServerAnswer {
  method: string;
  path: string;
  receivedMs: number;
  answeredMs: number;
  status: number;
}

/**
 * A server `latencyMs` away: a proxy on 127.0.0.1 that sends each request on to `target` and answers
 * with its answer after `latencyMs` (as the embedded reference's --latency-ms does), so a server that
 * has no latency of its own is measured at a deployed server's round trip. The links a server states
 * name its own origin (a transcript's url, a Location): the proxy's answers name the proxy's, as a
 * deployed server's name the host it is reached by. For the bench only.
 */
export async function latencyProxy(
  target: string,
  latencyMs: number,
  /** each answer as the server gave it, before the latency: when its request came and when it was answered */
  onAnswer?: (a: ServerAnswer) => void,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const base = new URL(target);
  let origin = '';
  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const receivedMs = performance.now();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k, v]) => v !== undefined && !['host', 'connection'].includes(k)),
    ) as Record<string, string | string[]>;
    const body = chunks.length > 0 ? Buffer.concat(chunks) : null;
    try {
      const url = new URL(req.url ?? '/', base);
      const answer = await request(url, { method: req.method as 'GET', headers, body, dispatcher: agent });
      const answeredMs = performance.now();
      onAnswer?.({
        method: req.method ?? 'GET',
        path: url.pathname,
        receivedMs,
        answeredMs,
        status: answer.statusCode,
      });
      const text = Buffer.from(ownOrigin(Buffer.from(await answer.body.arrayBuffer()).toString('latin1')), 'latin1');
      const out = Object.fromEntries(
        Object.entries(answer.headers)
          .filter(([k]) => !['connection', 'transfer-encoding', 'keep-alive', 'content-length'].includes(k))
          .map(([k, v]) => [k, typeof v === 'string' ? ownOrigin(v) : v]),
      );
      out['content-length'] = String(text.length);
      setTimeout(() => res.writeHead(answer.statusCode, out).end(text), latencyMs);
    } catch (err) {
      setTimeout(() => res.writeHead(502).end(String(err)), latencyMs);
    }
  };
  // byte for byte (latin1): only the ASCII origin changes, whatever the body's encoding
  const ownOrigin = (text: string): string => text.split(base.origin).join(origin);
  const server = createServer((req, res) => {
    forward(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `http://127.0.0.1:${port}${base.pathname.replace(/\/$/, '')}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
    },
  };
}
