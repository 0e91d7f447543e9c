import type { ServerResponse } from 'node:http';
import type { Profile } from './profile.js';

/** What a handler returns; `body` undefined means an empty body. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** a body sent as it is, not as JSON (a fault's framework page) */
  raw?: string;
}

export interface RequestInfo {
  method: string;
  /** the path below the base path, e.g. /contact/123 */
  path: string;
}

/** A rewrite of any response; faults register these to bend one rule each. */
export type ResponseMapper = (reply: Reply, request: RequestInfo) => Reply;

export interface ResponseSettings {
  profile: Profile;
  latencyMs: number;
  mappers: ResponseMapper[];
}

export function ok(body: unknown, status = 200): Reply {
  return { status, body };
}

/** The single place a response is serialised, typed and sent. */
export function writeReply(res: ServerResponse, reply: Reply, request: RequestInfo, settings: ResponseSettings): void {
  const final = settings.mappers.reduce((r, map) => map(r, request), reply);
  const text = final.raw ?? (final.body === undefined || final.status === 204 ? '' : JSON.stringify(final.body));
  const send = (): void => {
    if (res.destroyed || res.headersSent) return;
    res.statusCode = final.status;
    res.setHeader('Content-Type', settings.profile.contentType);
    res.setHeader('Content-Length', Buffer.byteLength(text));
    for (const [name, value] of Object.entries(final.headers ?? {})) res.setHeader(name, value);
    res.end(text);
  };
  if (settings.latencyMs > 0) setTimeout(send, settings.latencyMs);
  else send();
}
