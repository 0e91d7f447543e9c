import type { Auth } from './refusals.js';
import { jsonText } from './json-text.js';

/** One request as the client sends it, every attempt alike. */
export interface Outgoing {
  method: string;
  path: string;
  url: string;
  /** `url` parsed, where the client has it: undici takes it as it is */
  parsed?: URL;
  headers: Record<string, string>;
  body: string | undefined;
  auth: Auth;
  /** the archive of a record the check made: never refused by --read-only or --max-requests */
  exempt: boolean;
}

/**
 * The request's headers and body: JSON accepted; a JSON value serialised as application/json (a long
 * string in it serialised once: lib/http/json-text.ts), or a raw body sent as given; the content type when
 * one is named; the credential last.
 */
export function outgoing(
  r: Pick<Outgoing, 'method' | 'path' | 'url' | 'parsed' | 'auth' | 'exempt'>,
  o: { json?: unknown; body?: string; contentType?: string; headers?: Record<string, string> },
  authorization: string | undefined,
): Outgoing {
  const headers: Record<string, string> = { accept: 'application/json', ...lower(o.headers ?? {}) };
  let body: string | undefined;
  if (o.json !== undefined) {
    body = jsonText(o.json);
    headers['content-type'] ??= 'application/json';
  } else if (o.body !== undefined) {
    body = o.body;
  }
  if (o.contentType !== undefined) headers['content-type'] = o.contentType;
  if (authorization !== undefined) headers['authorization'] = authorization;
  return { ...r, headers, body };
}

function lower(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}
