// undici's Agent and its request, not its index: the index loads fetch, WebSocket, the caches and the
// cookies too (and through them Node's own copy of undici), 37 ms of every start's CPU. No exports map
// closes these paths; test/undici-parts.test.ts holds them to the index's own.
import Agent from 'undici/lib/dispatcher/agent.js';
import requestOn from 'undici/lib/api/api-request.js';
import type { ExchangeResponse } from './exchange.js';
import type { Redactor } from '../redact/redact.js';
import { DEFAULT_MAX_RESPONSE_BYTES, readBounded } from './bounded-read.js';
import { keptText, parseBounded } from './bounded-json.js';
import { isStaleSocket } from './transport-error.js';
import type { Outgoing } from './outgoing.js';

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
      // a server's Keep-Alive hint may say longer: the socket is still let go at 2 s
      keepAliveMaxTimeout: 2_000,
      keepAliveTimeoutThreshold: 1_000,
    });
    agents.set(timeoutMs, a);
  }
  return a;
}

/** How one exchange goes over the wire: its deadline, the most bytes read, how its answer is redacted. */
export interface WireSettings {
  timeoutMs: number;
  /** aborted when the run stops hard: the exchange in flight is cut short, not waited out */
  stopSignal?: AbortSignal;
  maxResponseBytes?: number | undefined;
  redactor: Redactor;
  /** told when the answer's status and headers came (its body is read after): the server's latency ends here */
  onHeaders?: () => void;
}

/**
 * One attempt's answer; a read is tried once more on a kept-alive socket the server had closed, never
 * a write: the server may have processed it and closed before answering (a second POST would create
 * twice). `again` counts that second send, as the first was.
 */
export async function answerOf(r: Outgoing, w: WireSettings, again: () => void): Promise<ExchangeResponse> {
  try {
    return await once(r, w);
  } catch (err) {
    if (!isStaleSocket(err) || !SAFE_METHODS.has(r.method.toUpperCase())) throw err;
    again();
    return await once(r, w);
  }
}

async function once(r: Outgoing, w: WireSettings): Promise<ExchangeResponse> {
  // one deadline for the whole exchange: undici's own timeouts restart with every chunk, so a body
  // trickling a byte a second, or a chunked body that never ends, would hold the run for ever; and a
  // stopped run stops at once (--deadline, --max-wait), not when its requests in flight end
  const { signal, done } = exchangeSignal(w.timeoutMs, w.stopSignal);
  try {
    // as undici's index does for `request(url, …)`: the origin, and the path with its query
    const url = r.parsed ?? new URL(r.url);
    const res = await requestOn.call(agent(w.timeoutMs), {
      origin: url.origin,
      path: url.search ? `${url.pathname}${url.search}` : url.pathname,
      method: r.method as 'GET',
      headers: r.headers,
      body: r.body ?? null,
      signal,
    });
    w.onHeaders?.();
    const type = res.headers['content-type'];
    const text = await readBounded(
      res.body,
      w.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      Array.isArray(type) ? type[0] : type,
    );
    return responseOf(res.statusCode, res.headers, text, w.redactor);
  } finally {
    done();
  }
}

/**
 * The exchange's signal: aborted at its deadline (a TimeoutError, as AbortSignal.timeout's) or when the
 * run stops. One controller and one timer, let go when the exchange ends: AbortSignal.timeout and
 * AbortSignal.any cost every request a signal the garbage collector alone let go (over a tenth of a
 * second of a run's CPU in the bench's profile).
 */
function exchangeSignal(timeoutMs: number, stop: AbortSignal | undefined): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, timeoutMs);
  // as AbortSignal.timeout's: a request in flight keeps the process alive by its socket, not by its deadline
  timer.unref();
  const flying = stop === undefined ? undefined : inFlight(stop);
  if (stop?.aborted) controller.abort(stop.reason);
  else flying?.add(controller);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      flying?.delete(controller);
    },
  };
}

/** The exchanges in flight under each stop signal. */
const flyingUnder = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * The exchanges in flight under a stop signal, each aborted with it by one listener of its own: a
 * listener added and removed by every exchange cost the run a search of the signal's listeners each
 * time (2 % of its CPU in a profile on a loaded machine; little on a quiet one).
 */
function inFlight(stop: AbortSignal): Set<AbortController> {
  let flying = flyingUnder.get(stop);
  if (flying === undefined) {
    const all = new Set<AbortController>();
    stop.addEventListener(
      'abort',
      () => {
        for (const c of all) c.abort(stop.reason);
        all.clear();
      },
      { once: true },
    );
    flyingUnder.set(stop, all);
    flying = all;
  }
  return flying;
}

/**
 * The answer as the run keeps it: header names in lower case, values joined; the body parsed bounded
 * (lib/http/bounded-json.ts: a body of too many values is no usable answer, thrown; long strings are
 * cut as parsed) and the text kept its head; all of it redacted.
 */
function responseOf(
  status: number,
  raw: Record<string, string | string[] | undefined>,
  text: string,
  r: Redactor,
): ExchangeResponse {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw))
    if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  const json = text.length > 0 ? parseBounded(text) : undefined;
  const out: ExchangeResponse = { status, headers: r.value(headers), text: keptText(text, (t) => r.text(t)) };
  if (json !== undefined) out.json = r.value(json);
  return out;
}
