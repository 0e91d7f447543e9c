import { Agent, request } from 'undici';
import type { Exchange, ExchangeResponse } from './exchange.js';
import type { Redactor } from '../redact/redact.js';
import type { TargetKeys } from '../target/target.js';
import { statedEndpointOf } from '../rules/stated-endpoints.js';
import { TransportFailure } from './exchange.js';
import type { RequestBudget } from './request-budget.js';
import { DEFAULT_MAX_RESPONSE_BYTES, readBounded, ResponseTooLarge } from './bounded-read.js';
import { assertUnderBase, NotAnIdentifier, OutsideBaseUrl } from './under-base.js';
import { keptText, parseBounded } from './bounded-json.js';
import { worstOutcome } from './worst-outcome.js';

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
  /**
   * Why this write changes nothing even if the server wrongly accepts it (ids that name nothing, the
   * value the record already has): such a write is sent under --read-only, every other one is not.
   */
  harmless?: string;
}

export interface ClientSettings {
  baseUrl: string;
  keys: TargetKeys;
  /** one deadline for the whole exchange: connect, headers and body together */
  timeoutMs: number;
  /** the most bytes read from one answer (--max-response-bytes); past it the exchange has no usable answer */
  maxResponseBytes?: number;
  maxRateLimitRetries: number;
  redactor: Redactor;
  /** called with every finished exchange: the check's evidence log (`path` as requested, under the base URL) */
  onExchange?: (ex: Exchange, request: { path: string; auth: Auth; startedMs: number }) => void;
  /**
   * --read-only: a POST, PATCH, PUT or DELETE is not sent, whatever key it carries (a server with a
   * permission bug takes a write it must refuse), unless the request says why it is `harmless`;
   * `refuse('read-only', …)` is called instead (the check's context skips the check).
   */
  readOnly?: boolean;
  /**
   * The kept record (lib/safety/kept-records.ts) a request would archive or remove something of, in
   * words; such a request is never sent: `refuse('kept-record', …)` is called instead.
   */
  keptRecordOf?: (method: string, path: string) => string | undefined;
  /**
   * The run's budget, shared by every check's client (lib/http/request-budget.ts): --concurrency,
   * --max-requests (past it `refuse('max-requests', …)` is called) and the 429 back-off. Without it
   * (the probe, the fixtures check, the cleanup command) requests are neither capped nor counted.
   */
  budget?: RequestBudget;
  /** this client's place in the budget's queue: a lower number (an older check) is served first */
  priority?: number;
  /**
   * Why a path must not be sent though it stays under the base URL: it names a value the server gave
   * that is no identifier of the run's (lib/safety/tracker.ts); thrown as NotAnIdentifier by `url()`.
   */
  pathGuard?: (path: string) => string | undefined;
  /** a request that --read-only and --max-requests never refuse: the archive of a record the check created */
  exempt?: (method: string, path: string) => boolean;
  /** what a refused request does instead of being sent; must throw. Without it, an Error is thrown. */
  refuse?: (kind: RefusalKind, message: string) => never;
  /** throw a TransportFailure ("connection failed: …") when no answer came, after recording the exchange */
  throwOnTransportError?: boolean;
}

/**
 * why the client did not send a request: --read-only, --max-requests, a URL outside the base URL, a stopped run, a
 * kept record
 */
export type RefusalKind = 'read-only' | 'max-requests' | 'outside-base' | 'stopped' | 'kept-record';

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
/** the only methods ever sent twice (after a stale socket): a write is never re-sent */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// One connection pool per process; undici's default would also do, but an explicit Agent
// lets the timeouts apply to every request and keeps sockets alive between checks.
// One pool per timeout (a run has one); the cleanup command and the probe may use their own.
const agents = new Map<number, Agent>();
function agent(timeoutMs: number): Agent {
  // keepAliveTimeout below any common server idle timeout (Node's is 5 s), so the client never
  // reuses a socket the server is closing ("other side closed"). No cap on connections: the run's
  // budget caps requests in flight (--concurrency), and a lower cap here would quietly lower it.
  let a = agents.get(timeoutMs);
  if (!a) {
    a = new Agent({
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connectTimeout: timeoutMs,
      keepAliveTimeout: 2_000,
      keepAliveTimeoutThreshold: 1_000,
    });
    agents.set(timeoutMs, a);
  }
  return a;
}

const MAX_RETRY_AFTER_MS = 10_000;

/**
 * The HTTP client of the checks. It never throws on a 4xx or 5xx (a status is evidence, not an
 * exception), always reads the whole body (undici frees a socket only once its body is consumed),
 * retries a 429 after its Retry-After a bounded number of times, and records redacted exchanges.
 */
export class ApiClient {
  private priority: number | undefined;

  constructor(private readonly settings: ClientSettings) {
    this.priority = settings.priority;
  }

  /**
   * From now on this client's requests go before those of every check that does not call it: a check
   * holding a shared record (lib/runner/record-lock.ts) has others waiting on it, so it is the run's
   * critical path.
   */
  goFirst(): void {
    this.priority = Number.NEGATIVE_INFINITY;
  }

  get(path: string, o: RequestOptions = {}) {
    return this.send('GET', path, o);
  }
  post(path: string, json: unknown, o: RequestOptions = {}) {
    return this.send('POST', path, { json, ...o });
  }
  patch(path: string, json: unknown, o: RequestOptions = {}) {
    return this.send('PATCH', path, { json, ...o });
  }
  delete(path: string, o: RequestOptions = {}) {
    return this.send('DELETE', path, o);
  }

  async send(method: string, path: string, o: RequestOptions = {}): Promise<Exchange> {
    const auth = o.auth ?? 'apiKey';
    const exempt = this.settings.exempt?.(method, path) === true;
    const kept = this.settings.keptRecordOf?.(method, path);
    if (kept !== undefined) {
      const what = `${method.toUpperCase()} ${endpointOf(method, path)} (${worstOutcome(method, path)})`;
      this.refuse(
        'kept-record',
        `not sent: ${what} names ${kept}, a record the fixtures file keeps: ` +
          'the suite never archives or removes one of those',
      );
    }
    if (this.settings.readOnly && !exempt && WRITE_METHODS.has(method.toUpperCase()) && o.harmless === undefined) {
      const endpoint = `${method.toUpperCase()} ${endpointOf(method, path)}`;
      this.refuse(
        'read-only',
        auth === 'apiKey' || auth === 'otherOrgApiKey'
          ? `--read-only: this check writes (${endpoint})`
          : `--read-only: this check would ${worstOutcome(method, path)} if the server wrongly accepted it ` +
              `(${endpoint} with ${authName(auth)})`,
      );
    }
    let url: string;
    try {
      url = this.url(path, o.query);
    } catch (err) {
      if (err instanceof OutsideBaseUrl) this.refuse('outside-base', `blocked: ${method.toUpperCase()} ${err.message}`);
      throw err;
    }
    const headers: Record<string, string> = { accept: 'application/json', ...lower(o.headers ?? {}) };
    let body: string | undefined;
    if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers['content-type'] ??= 'application/json';
    } else if (o.body !== undefined) {
      body = o.body;
    }
    if (o.contentType !== undefined) headers['content-type'] = o.contentType;
    const authorization = this.authorization(auth);
    if (authorization !== undefined) headers['authorization'] = authorization;

    let retries = 0;
    for (;;) {
      const started = performance.now();
      const ex: Exchange = {
        request: {
          method,
          url,
          headers: this.settings.redactor.value(headers),
          ...(body !== undefined ? { body: this.settings.redactor.text(body) } : {}),
        },
        ms: 0,
        rateLimitRetries: retries,
      };
      const budget = this.settings.budget;
      let n = this.count(method, path, exempt);
      await budget?.acquire(this.priority);
      // the server's latency is timed from here: a wait for a slot is the run's own queue, not the server's
      const sentAt = performance.now();
      // the run may have stopped while this request waited for its slot
      try {
        this.refuseIfStopped(exempt);
      } catch (err) {
        budget?.release();
        throw err;
      }
      try {
        ex.response = await this.once(url, method, headers, body);
      } catch (err) {
        // A kept-alive socket closed as we reused it: one fresh try of a read. Never of a write: the
        // server may have processed it and closed before answering (a second POST would create twice).
        if (isStaleSocket(err) && SAFE_METHODS.has(method.toUpperCase())) {
          n = this.count(method, path, exempt);
          try {
            ex.response = await this.once(url, method, headers, body);
          } catch (again) {
            ex.transportError = describeTransportError(again, this.settings.timeoutMs);
          }
        } else {
          ex.transportError = describeTransportError(err, this.settings.timeoutMs);
        }
      } finally {
        budget?.release();
      }
      budget?.answered(n, ex.response?.status, sentAt);
      ex.ms = Math.round(performance.now() - started);
      const wait = ex.response?.status === 429 ? retryAfterMs(ex.response.headers['retry-after']) : undefined;
      const spent = retries >= this.settings.maxRateLimitRetries || asksTooLong(ex.response?.headers['retry-after']);
      if (wait !== undefined && budget !== undefined && spent) {
        // past the back-off budget the server is not cooperating: the run stops, and every check it
        // keeps from running is blocked under that one finding, none a deviation of its own rule
        this.settings.onExchange?.(ex, { path, auth, startedMs: started });
        const at = new Date().toISOString().slice(11, 19);
        const limits = `${retries} retries, at most ${MAX_RETRY_AFTER_MS / 1000} s each`;
        budget.stop(
          `the server rate-limited the run past the back-off budget (${limits}) at ${at} UTC after ${budget.sent} requests`,
        );
        this.refuse('stopped', `blocked: ${budget.stopped ?? 'rate-limited'}`);
      }
      if (wait !== undefined && retries < this.settings.maxRateLimitRetries) {
        // A 429 was not processed (spec: rate_limit_exceeded), so retrying even a POST is safe.
        retries += 1;
        this.settings.onExchange?.(ex, { path, auth, startedMs: started });
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      this.settings.onExchange?.(ex, { path, auth, startedMs: started });
      if (ex.response === undefined && this.settings.throwOnTransportError) throw new TransportFailure(ex);
      return ex;
    }
  }

  /** Counts one request about to be sent (its number in the run); past --max-requests it is refused instead. */
  private count(method: string, path: string, exempt: boolean): number {
    const budget = this.settings.budget;
    if (budget === undefined) return 0;
    this.refuseIfStopped(exempt);
    if (!exempt && budget.exhausted()) {
      this.refuse(
        'max-requests',
        `blocked: the run reached --max-requests ${budget.maxRequests}; ${method.toUpperCase()} ${endpointOf(method, path)} was not sent (raise --max-requests to run the rest)`,
      );
    }
    return budget.count();
  }

  /** A stopped run sends nothing more but the archives of its own records (until it stops hard). */
  private refuseIfStopped(exempt: boolean): void {
    const budget = this.settings.budget;
    if (budget?.stopped === undefined || (exempt && !budget.stoppedHard)) return;
    this.refuse('stopped', `blocked: ${budget.stopped}`);
  }

  private refuse(kind: RefusalKind, message: string): never {
    if (this.settings.refuse) this.settings.refuse(kind, message);
    throw new Error(message);
  }

  private async once(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<ExchangeResponse> {
    // one deadline for the whole exchange: undici's own timeouts restart with every chunk, so a body
    // trickling a byte a second, or a chunked body that never ends, would hold the run for ever
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    const dispatcher = agent(this.settings.timeoutMs);
    const res = await request(url, { method: method as 'GET', headers, body: body ?? null, dispatcher, signal });
    const text = await readBounded(res.body, this.settings.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
    return this.response(res.statusCode, res.headers, text);
  }

  /** The URL of a path under the base URL; a path that would leave the base path is refused (thrown). */
  url(path: string, query?: RequestOptions['query']): string {
    const u = assertUnderBase(this.settings.baseUrl, path);
    const unsafe = this.settings.pathGuard?.(path);
    if (unsafe !== undefined) throw new NotAnIdentifier(path, unsafe);
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
    for (const [k, v] of Object.entries(raw))
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    const r = this.settings.redactor;
    // bounded at parse time (lib/http/bounded-json.ts): a body of too many values is no usable
    // answer (thrown), long strings are cut as parsed, and the text kept is its head, redacted
    const json = text.length > 0 ? parseBounded(text) : undefined;
    const out: ExchangeResponse = { status, headers: r.value(headers), text: keptText(text, (t) => r.text(t)) };
    if (json !== undefined) out.json = r.value(json);
    return out;
  }
}

/** A key's name for a message, never its value. */
function authName(auth: Auth): string {
  if (auth === 'none') return 'no key';
  return typeof auth === 'object' ? 'an invalid key' : `the ${auth}`;
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

/** A Retry-After longer than the run waits for one request: the back-off budget is spent at once. */
function asksTooLong(value: string | undefined): boolean {
  if (value === undefined) return false;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) && ms > MAX_RETRY_AFTER_MS;
}

function isStaleSocket(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return code === 'UND_ERR_SOCKET' && /other side closed/i.test((err as Error).message);
}

/** A request's endpoint as the spec writes it (POST /contact), or its path with ids shown as {id}. */
function endpointOf(method: string, path: string): string {
  const bare = path.split(/[?#]/)[0] ?? path;
  const stated = statedEndpointOf(method.toUpperCase(), bare);
  if (stated) return stated.slice(stated.indexOf(' ') + 1);
  return bare.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}');
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
  'ABORT_ERR',
]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * Why no answer came, in words first and the library's code after: "timed out after 500 ms …",
 * "DNS lookup failed …", "TLS error …", "connection refused …", "connection closed by the server …".
 */
export function describeTransportError(err: unknown, timeoutMs?: number): string {
  if (!(err instanceof Error)) return String(err);
  if (err instanceof ResponseTooLarge) return err.message;
  const cause = err.cause instanceof Error ? err.cause : undefined;
  const codeOf = (e: Error | undefined) => {
    const c = (e as { code?: unknown } | undefined)?.code;
    return typeof c === 'string' ? c : undefined;
  };
  const code = codeOf(err);
  const causeCode = codeOf(cause);
  const codes = [code, causeCode].filter((c): c is string => c !== undefined);
  const raw = `${code ? code + ' ' : ''}${err.message}${cause ? `: ${causeCode && causeCode !== code ? causeCode + ' ' : ''}${cause.message}` : ''}`;
  const text = `${err.message} ${cause?.message ?? ''}`;
  let kind: string | undefined;
  if (codes.some((c) => TIMEOUT_CODES.has(c)) || err.name === 'TimeoutError')
    kind = `timed out${timeoutMs !== undefined ? ` after ${timeoutMs} ms` : ''} (--timeout)`;
  else if (codes.some((c) => DNS_CODES.has(c))) kind = 'DNS lookup failed';
  else if (
    codes.some((c) => /^(ERR_SSL|ERR_TLS|EPROTO|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_OSSL)/.test(c)) ||
    /\b(ssl|tls|certificate)\b/i.test(text)
  )
    kind = 'TLS error';
  else if (codes.includes('ECONNREFUSED')) kind = 'connection refused';
  else if (codes.some((c) => c === 'ECONNRESET' || c === 'UND_ERR_SOCKET' || c === 'EPIPE' || c === 'UND_ERR_CLOSED'))
    kind = 'connection closed by the server';
  // one line, whatever the library put in its message (OpenSSL ends its own with a newline)
  return (kind ? `${kind}: ${raw}` : raw).replace(/\s+/g, ' ').trim();
}
