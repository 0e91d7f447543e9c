import { Agent, request } from 'undici';
import type { Exchange, ExchangeResponse } from './exchange.js';
import type { Redactor } from '../evidence/redact.js';
import type { TargetKeys } from '../target/target.js';

/** Which credential a request carries. `raw` sends the given Authorization header value as is. */
export type Auth = keyof TargetKeys | 'none' | { raw: string };

export interface RequestOptions {
  auth?: Auth;
  /** a JSON value, serialised with application/json */
  json?: unknown;
  /** a raw body sent as given (with `contentType`) */
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
}

export interface ClientSettings {
  baseUrl: string;
  keys: TargetKeys;
  timeoutMs: number;
  maxRateLimitRetries: number;
  redactor: Redactor;
  /** called with every finished exchange: the check's evidence log */
  onExchange?: (ex: Exchange) => void;
}

// One connection pool per worker process; undici's default would also do, but an explicit Agent
// lets the timeouts apply to every request and keeps sockets alive between checks.
let sharedAgent: Agent | undefined;
function agent(timeoutMs: number): Agent {
  // keepAliveTimeout below any common server idle timeout (Node's is 5 s), so the client never
  // reuses a socket the server is closing ("other side closed").
  sharedAgent ??= new Agent({ connections: 16, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connectTimeout: timeoutMs, keepAliveTimeout: 2_000, keepAliveTimeoutThreshold: 1_000 });
  return sharedAgent;
}

const MAX_RETRY_AFTER_MS = 10_000;

/**
 * The HTTP client of the checks. It never throws on a 4xx or 5xx (a status is evidence, not an
 * exception), always reads the whole body (undici frees a socket only once its body is consumed),
 * retries a 429 after its Retry-After a bounded number of times, and records redacted exchanges.
 */
export class ApiClient {
  constructor(private readonly settings: ClientSettings) {}

  get(path: string, o: RequestOptions = {}) { return this.send('GET', path, o); }
  post(path: string, json: unknown, o: RequestOptions = {}) { return this.send('POST', path, { json, ...o }); }
  patch(path: string, json: unknown, o: RequestOptions = {}) { return this.send('PATCH', path, { json, ...o }); }
  delete(path: string, o: RequestOptions = {}) { return this.send('DELETE', path, o); }

  async send(method: string, path: string, o: RequestOptions = {}): Promise<Exchange> {
    const url = this.url(path, o.query);
    const headers: Record<string, string> = { accept: 'application/json', ...lower(o.headers ?? {}) };
    let body: string | undefined;
    if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers['content-type'] ??= 'application/json';
    } else if (o.body !== undefined) {
      body = o.body;
    }
    if (o.contentType !== undefined) headers['content-type'] = o.contentType;
    const authorization = this.authorization(o.auth ?? 'apiKey');
    if (authorization !== undefined) headers['authorization'] = authorization;

    let retries = 0;
    for (;;) {
      const started = performance.now();
      const ex: Exchange = {
        request: { method, url, headers: this.settings.redactor.value(headers), ...(body !== undefined ? { body: this.settings.redactor.text(body) } : {}) },
        ms: 0,
        rateLimitRetries: retries,
      };
      try {
        ex.response = await this.once(url, method, headers, body);
      } catch (err) {
        // A kept-alive socket the server closed as we reused it: no byte of this request was
        // processed, so one fresh try is safe for any method.
        if (isStaleSocket(err)) {
          try { ex.response = await this.once(url, method, headers, body); } catch (again) { ex.transportError = describeTransportError(again); }
        } else {
          ex.transportError = describeTransportError(err);
        }
      }
      ex.ms = Math.round(performance.now() - started);
      const wait = ex.response?.status === 429 ? retryAfterMs(ex.response.headers['retry-after']) : undefined;
      if (wait !== undefined && retries < this.settings.maxRateLimitRetries) {
        // A 429 was not processed (spec: rate_limit_exceeded), so retrying even a POST is safe.
        retries += 1;
        this.settings.onExchange?.(ex);
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      this.settings.onExchange?.(ex);
      return ex;
    }
  }

  private async once(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<ExchangeResponse> {
    const res = await request(url, { method: method as 'GET', headers, body: body ?? null, dispatcher: agent(this.settings.timeoutMs) });
    const text = await res.body.text();
    return this.response(res.statusCode, res.headers, text);
  }

  url(path: string, query?: RequestOptions['query']): string {
    const u = new URL(this.settings.baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    return u.toString();
  }

  private authorization(auth: Auth): string | undefined {
    if (auth === 'none') return undefined;
    if (typeof auth === 'object') return auth.raw;
    const key = this.settings.keys[auth];
    if (key === undefined) throw new Error(`no ${auth} configured for this run`);
    return `Bearer ${key}`;
  }

  private response(status: number, raw: Record<string, string | string[] | undefined>, text: string): ExchangeResponse {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    const r = this.settings.redactor;
    const out: ExchangeResponse = { status, headers: r.value(headers), text: r.text(text) };
    if (text.length > 0) {
      try { out.json = r.value(JSON.parse(text) as unknown); } catch { /* not JSON: the text is the evidence */ }
    }
    return out;
  }
}

function lower(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

/** Retry-After as delay-seconds or an HTTP date; a 429 without it is waited on for one second. */
export function retryAfterMs(value: string | undefined): number {
  if (value === undefined) return 1000;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Math.min(Math.max(Number.isFinite(ms) ? ms : 1000, 0), MAX_RETRY_AFTER_MS);
}

function isStaleSocket(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return code === 'UND_ERR_SOCKET' && /other side closed/i.test((err as Error).message);
}

export function describeTransportError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${typeof code === 'string' ? code + ' ' : ''}${err.message}${cause}`;
  }
  return String(err);
}
