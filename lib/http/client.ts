import { Agent, request } from 'undici';
import type { Exchange, ExchangeResponse } from './exchange.js';
import type { Redactor } from '../redact/redact.js';
import type { TargetKeys } from '../target/target.js';
import { TransportFailure } from './exchange.js';
import type { RequestBudget } from './request-budget.js';
import { DEFAULT_MAX_RESPONSE_BYTES, readBounded } from './bounded-read.js';
import { assertUnderBase, NotAnIdentifier, OutsideBaseUrl } from './under-base.js';
import { keptText, parseBounded } from './bounded-json.js';
import { endpointOf, refusalOf, type Auth, type RefusalKind } from './refusals.js';
import { describeTransportError, isStaleSocket } from './transport-error.js';
import { Pace } from './pace.js';

export type { Auth, RefusalKind } from './refusals.js';
export { describeTransportError } from './transport-error.js';

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
  /**
   * --max-wait (ms) of a client with no budget of a run (init, cleanup): its own pace gives up after
   * that long of nothing but 429. A client with a budget follows the run's pace.
   */
  maxWaitMs?: number;
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
   * --max-requests (past it `refuse('max-requests', …)` is called), and through its pace the run's
   * 429 pauses, its rate and its stop. Without it (init, the cleanup command, a unit test) requests
   * are neither capped nor counted, and the client keeps a pace of its own.
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
  /** how long a request waited for its turn (a slot, a 429's pause, the server's rate): not the check's own time */
  onWait?: (ms: number) => void;
}

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

/**
 * The HTTP client of the checks. It never throws on a 4xx or 5xx (a status is evidence, not an
 * exception), always reads the whole body (undici frees a socket only once its body is consumed),
 * sends every request when the run's pace gives it a turn, retries a 429 when the pause it asked for
 * ends (lib/http/pace.ts), and records redacted exchanges.
 */
export class ApiClient {
  private priority: number | undefined;
  private readonly pace: Pace;

  constructor(private readonly settings: ClientSettings) {
    this.priority = settings.priority;
    this.pace =
      settings.budget?.pace ?? new Pace(settings.maxWaitMs !== undefined ? { maxWaitMs: settings.maxWaitMs } : {});
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
    const refused = refusalOf({
      method,
      path,
      auth,
      harmless: o.harmless,
      exempt,
      readOnly: this.settings.readOnly === true,
      keptRecordOf: this.settings.keptRecordOf,
    });
    if (refused) this.refuse(refused.kind, refused.message);
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
    return this.attempts({ method, path, url, headers, body, auth, exempt });
  }

  /**
   * Sends one request until it has an answer other than 429: each attempt waits for its turn (a slot,
   * then the pace), a 429 pauses the whole run and the attempt goes again first when the pause ends;
   * the pace gives up only as --max-wait says. Every attempt is recorded (the 429s too).
   */
  private async attempts(r: Outgoing): Promise<Exchange> {
    for (let retries = 0; ; retries++) {
      const started = performance.now();
      const ex: Exchange = {
        request: {
          method: r.method,
          url: r.url,
          headers: this.settings.redactor.value(r.headers),
          ...(r.body !== undefined ? { body: this.settings.redactor.text(r.body) } : {}),
        },
        ms: 0,
        rateLimitRetries: retries,
      };
      const n = await this.turn(r, retries > 0);
      // the server's latency is timed from here: a wait for a turn is the run's own queue, not the server's
      const sentAt = performance.now();
      this.settings.onWait?.(sentAt - started);
      try {
        ex.response = await this.answer(r);
      } catch (err) {
        ex.transportError = describeTransportError(err, this.settings.timeoutMs);
      } finally {
        this.settings.budget?.release();
      }
      this.settings.budget?.answered(n, ex.response?.status, sentAt);
      ex.ms = Math.round(performance.now() - started);
      const record = () => this.settings.onExchange?.(ex, { path: r.path, auth: r.auth, startedMs: started });
      if (ex.response?.status !== 429) {
        if (ex.response) this.pace.answered(ex.response.headers);
        record();
        if (ex.response === undefined && this.settings.throwOnTransportError) throw new TransportFailure(ex);
        return ex;
      }
      // A 429 was not processed (spec: rate_limit_exceeded), so it is sent again, a POST too; the
      // ledger records each send of a POST all the same (a server may lie: lib/safety/tracker.ts)
      const decision = this.pace.limited(ex.response.headers, sentAt);
      record();
      if (!decision.retry) {
        // past --max-wait the server is not cooperating: the run stops, and every check it keeps from
        // running is blocked under that one finding, none a deviation of its own rule
        const at = new Date().toISOString().slice(11, 19);
        const sent = this.settings.budget ? ` after ${this.settings.budget.sent} requests` : '';
        this.pace.stop(`${decision.giveUp}; stopped at ${at} UTC${sent}`, true);
      }
      this.refuseIfStopped(r);
    }
  }

  /** Counts the attempt and waits for its turn; returns its number in the run (for the budget). */
  private async turn(r: Outgoing, retry: boolean): Promise<number> {
    const n = this.count(r);
    const budget = this.settings.budget;
    const exempt = r.exempt;
    const go = budget
      ? await budget.acquire(this.priority, { retry, exempt })
      : await this.pace.turn({ retry, exempt, priority: this.priority ?? 0 });
    // the run may have stopped while this request waited for its turn
    try {
      this.refuseIfStopped(r);
    } catch (err) {
      if (go) budget?.release();
      throw err;
    }
    // let go without a turn: the run stopped (refused above, but never sent without a turn)
    if (!go) this.refuse('stopped', `blocked: ${this.pace.stopped ?? 'the run stopped'}`);
    return n;
  }

  /** One attempt's answer; a read is tried once more on a kept-alive socket the server had closed. */
  private async answer(r: Outgoing): Promise<ExchangeResponse> {
    try {
      return await this.once(r.url, r.method, r.headers, r.body);
    } catch (err) {
      // Never a write: the server may have processed it and closed before answering (a second POST
      // would create twice).
      if (!isStaleSocket(err) || !SAFE_METHODS.has(r.method.toUpperCase())) throw err;
      this.count(r);
      return await this.once(r.url, r.method, r.headers, r.body);
    }
  }

  /** Counts one request about to be sent (its number in the run); past --max-requests it is refused instead. */
  private count(r: Outgoing): number {
    const budget = this.settings.budget;
    this.refuseIfStopped(r);
    if (budget === undefined) return 0;
    if (!r.exempt && budget.exhausted()) {
      this.refuse(
        'max-requests',
        `blocked: the run reached --max-requests ${budget.maxRequests}; ${r.method.toUpperCase()} ${endpointOf(r.method, r.path)} was not sent (raise --max-requests to run the rest)`,
      );
    }
    return budget.count();
  }

  /**
   * A stopped run sends nothing more but the archives of its own records, until it stops hard; an
   * archive it does not send is named in the run's reports (pace.notSent).
   */
  private refuseIfStopped(r: Outgoing): void {
    const why = this.pace.stopped;
    if (why === undefined || (r.exempt && !this.pace.stoppedHard)) return;
    if (r.exempt)
      this.pace.notSend({
        request: `${r.method.toUpperCase()} ${r.path}`,
        purpose: 'the archive of a record the run made',
        why,
      });
    this.refuse('stopped', `blocked: ${why}`);
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

function lower(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

/** One request as the client sends it, every attempt alike. */
interface Outgoing {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  auth: Auth;
  /** the archive of a record the check made: never refused by --read-only or --max-requests */
  exempt: boolean;
}
