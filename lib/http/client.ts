import type { Exchange } from './exchange.js';
import type { Redactor } from '../redact/redact.js';
import type { TargetKeys } from '../target/target.js';
import type { OperationIndex } from '../operations/operation-index.js';
import { sentTo, TransportFailure } from './exchange.js';
import { ResponseTooLarge } from './bounded-read.js';
import type { RequestBudget } from './request-budget.js';
import { assertUnderBase, NotAnIdentifier, OutsideBaseUrl } from './under-base.js';
import { refusalOf, type Auth, type RefusalKind } from './refusals.js';
import { describeTransportError } from './transport-error.js';
import { outgoing, type Outgoing } from './outgoing.js';
import { Turns } from './turns.js';
import { afterRateLimit } from './rate-limited.js';
import { answerOf } from './wire.js';
import { allowedLink, LinkNotAllowed, MAX_LINK_REDIRECTS } from './link.js';

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
  /** the API's operations, as the spec states them: what a refused or unsent request is, and what it risked */
  operations: OperationIndex;
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
  onExchange?: (ex: Exchange, request: { path: string; auth: Auth; startedMs: number; sentMs: number }) => void;
  /**
   * --read-only: a POST, PATCH, PUT or DELETE is not sent, whatever key it carries (a server with a
   * permission bug takes a write it must refuse), unless the request says why it is `harmless`;
   * `refuse('read-only', …)` is called instead (the check's context skips the check).
   */
  readOnly?: boolean;
  /**
   * The kept record (fixtures/kept-records.ts) a request would archive or remove something of, in
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

/**
 * The HTTP client of the checks. It never throws on a 4xx or 5xx (a status is evidence, not an
 * exception), always reads the whole body (undici frees a socket only once its body is consumed),
 * sends every request when the run's pace gives it a turn, retries a 429 when the pause it asked for
 * ends (lib/http/pace.ts), and records redacted exchanges.
 */
export class ApiClient {
  private priority: number | undefined;
  private readonly turns: Turns;

  constructor(private readonly settings: ClientSettings) {
    this.priority = settings.priority;
    this.turns = new Turns(settings.budget, settings.maxWaitMs, settings.operations, (kind, message) =>
      this.refuse(kind, message),
    );
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

  /**
   * One exchange. Each policy is a piece of its own: the requests never sent (a kept record's archive,
   * a write under --read-only: lib/http/refusals.ts), the base path and the identifiers a path may
   * name (lib/http/under-base.ts), whose turn it is (the budget and the pace: lib/http/turns.ts), and
   * what a 429 does (lib/http/rate-limited.ts).
   */
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
      operations: this.settings.operations,
    });
    if (refused) this.refuse(refused.kind, refused.message);
    let parsed: URL;
    try {
      parsed = this.located(path, o.query);
    } catch (err) {
      if (err instanceof OutsideBaseUrl) this.refuse('outside-base', `blocked: ${method.toUpperCase()} ${err.message}`);
      throw err;
    }
    const url = parsed.toString();
    return this.attempts(outgoing({ method, path, url, parsed, auth, exempt }, o, this.authorization(auth)));
  }

  /**
   * Sends one request until it has an answer other than 429: each attempt waits for its turn, a 429
   * pauses the whole run and the attempt goes again first when the pause ends; the pace gives up only
   * as --max-wait says. Every attempt is recorded (the 429s too).
   */
  private async attempts(r: Outgoing): Promise<Exchange> {
    for (let retries = 0; ; retries++) {
      const { ex, sentAt, startedMs, n } = await this.attempt(r, retries);
      const record = () => this.settings.onExchange?.(ex, { path: r.path, auth: r.auth, startedMs, sentMs: sentAt });
      if (ex.response?.status !== 429) {
        if (ex.response) this.turns.pace.answered(ex.response.headers);
        record();
        // an exchange the run's stop cut short is blocked by the stop, not a transport failure
        if (ex.response === undefined && this.turns.pace.stoppedHard) this.turns.refuseIfStopped(r);
        if (ex.response === undefined && this.settings.throwOnTransportError) throw new TransportFailure(ex);
        return ex;
      }
      await afterRateLimit(this.turns, ex.response.headers, { n, sentAt }, record);
      this.turns.refuseIfStopped(r);
    }
  }

  /** One attempt: its turn, then the exchange on the wire, redacted as it is recorded. */
  private async attempt(
    r: Outgoing,
    retries: number,
  ): Promise<{ ex: Exchange; sentAt: number; startedMs: number; n: number }> {
    const startedMs = performance.now();
    const { redactor } = this.settings;
    const ex: Exchange = {
      request: {
        method: r.method,
        url: r.url,
        headers: redactor.value(r.headers),
        ...(r.body !== undefined ? { body: redactor.text(r.body) } : {}),
      },
      ms: 0,
      rateLimitRetries: retries,
    };
    if (r.parsed) sentTo(ex.request, r.parsed);
    const n = await this.turns.take(r, retries > 0, this.priority);
    // the server's latency is timed from here: a wait for a turn is the run's own queue, not the server's
    const sentAt = performance.now();
    this.settings.onWait?.(sentAt - startedMs);
    // the latency the budget judges ends with the answer's headers: reading and parsing its body is the run's CPU
    let headersAt: number | undefined;
    const onHeaders = () => {
      headersAt = performance.now();
    };
    try {
      const { timeoutMs, maxResponseBytes } = this.settings;
      const wire = { timeoutMs, maxResponseBytes, redactor, stopSignal: this.turns.pace.stopSignal, onHeaders };
      ex.response = await answerOf(r, wire, () => this.turns.count(r));
    } catch (err) {
      ex.transportError = describeTransportError(err, this.settings.timeoutMs);
      if (err instanceof ResponseTooLarge) ex.unreadAnswer = true;
    } finally {
      this.turns.done(n, ex.response?.status, sentAt, headersAt);
    }
    ex.ms = Math.round(performance.now() - startedMs);
    // the critical path's answer is taken up first (lib/http/request-budget.ts)
    await this.settings.budget?.takeUp(this.priority);
    return { ex, sentAt, startedMs, n };
  }

  private refuse(kind: RefusalKind, message: string): never {
    if (this.settings.refuse) this.settings.refuse(kind, message);
    throw new Error(message);
  }

  /**
   * GET of a link the server stated (a pre-signed url, say), with no credential at all: on the base URL's
   * origin or a host the user allowed (`allowHosts`), bounded like every request, its redirects followed
   * only to such origins (at most MAX_LINK_REDIRECTS). Throws LinkNotAllowed, naming the host, for any
   * other; nothing is sent there.
   */
  async link(link: string, allowHosts: readonly string[] = []): Promise<Exchange> {
    let u = allowedLink(this.settings.baseUrl, link, allowHosts);
    for (let hops = 0; ; hops++) {
      const r = { method: 'GET', path: u.pathname, url: u.toString(), auth: 'none' as const, exempt: false };
      const ex = await this.attempts(outgoing(r, { headers: { accept: '*/*' } }, undefined));
      const status = ex.response?.status ?? 0;
      const location = ex.response?.headers['location'];
      if (status < 300 || status > 399 || location === undefined) return ex;
      if (hops >= MAX_LINK_REDIRECTS)
        throw new LinkNotAllowed(u.host, `it redirected more than ${MAX_LINK_REDIRECTS} times`);
      let next: string;
      try {
        next = new URL(location, u).toString();
      } catch {
        throw new LinkNotAllowed(u.host, 'it redirected to no URL');
      }
      u = allowedLink(this.settings.baseUrl, next, allowHosts);
    }
  }

  /** The URL of a path under the base URL; a path that would leave the base path is refused (thrown). */
  url(path: string, query?: RequestOptions['query']): string {
    return this.located(path, query).toString();
  }

  /** As `url`, parsed: what the request is sent to (undici need not parse it again). */
  private located(path: string, query?: RequestOptions['query']): URL {
    const u = assertUnderBase(this.settings.baseUrl, path);
    const unsafe = this.settings.pathGuard?.(path);
    if (unsafe !== undefined) throw new NotAnIdentifier(path, unsafe);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    return u;
  }

  private authorization(auth: Auth): string | undefined {
    if (auth === 'none') return undefined;
    if (typeof auth === 'object') return auth.raw;
    const key = this.settings.keys[auth];
    if (key === undefined) throw new Error(`no ${auth} configured for this run`);
    return `Bearer ${key}`;
  }
}
