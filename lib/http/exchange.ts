/**
 * One request and its response, as the suite saw them: the evidence a failed check shows.
 * Header values that carry credentials are stored already redacted (see lib/redact/redact.ts),
 * so an Exchange can be printed or serialised anywhere without leaking a key.
 */
export interface ExchangeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** the body as sent (text), or undefined for none */
  body?: string;
}

export interface ExchangeResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** the parsed body when it is JSON; undefined when empty or not JSON */
  json?: unknown;
}

export interface Exchange {
  request: ExchangeRequest;
  /** undefined when no response came (connection failure, timeout) */
  response?: ExchangeResponse;
  /** why no response came */
  transportError?: string;
  /** the server answered, but its answer was past what the run reads (too large, too deep): not read */
  unreadAnswer?: true;
  ms: number;
  /**
   * how many 429 answers of the same request were retried before this attempt: 0 on the first
   * attempt, n on the n-th retry. Every attempt is its own Exchange (the 429s too), so a run's
   * requests sent are its exchanges and its rate-limit retries are the exchanges with a value > 0
   * (summing the values would count a request retried twice as three retries).
   */
  rateLimitRetries: number;
}

/**
 * Why an exchange has no answer to judge, as a blocked step says it: `connection failed: …`, or,
 * when the server did answer past what the run reads (too large, too deep), that answer named as such.
 */
export function noAnswerText(ex: Exchange, what = ''): string {
  const why = ex.transportError ?? 'no response';
  // an unread answer's reason names the server's answer itself: "the server's answer was not read: …"
  return ex.unreadAnswer ? `${what}${why}` : `connection failed: ${what}${why}`;
}

/** The response, or a thrown TransportFailure when the server never answered. */
export class TransportFailure extends Error {
  constructor(readonly exchange: Exchange) {
    super(noAnswerText(exchange, `${exchange.request.method} ${exchange.request.url}: `));
    this.name = 'TransportFailure';
  }
}

export function responseOf(ex: Exchange): ExchangeResponse {
  if (!ex.response) throw new TransportFailure(ex);
  return ex.response;
}

/** The request's path below the base URL's path (`/contact/…`), as the spec writes paths. */
export function pathUnderBase(ex: Exchange, baseUrl: string): string {
  const base = basePath(baseUrl);
  const path = requestUrl(ex.request).pathname;
  return path.startsWith(base) ? path.slice(base.length) : path;
}

/** The base URL's path without its trailing slashes, parsed once per base URL (a run has one or two). */
const basePaths = new Map<string, string>();
function basePath(baseUrl: string): string {
  let path = basePaths.get(baseUrl);
  if (path === undefined) {
    path = new URL(baseUrl).pathname.replace(/\/+$/, '');
    if (basePaths.size >= 16) basePaths.clear();
    basePaths.set(baseUrl, path);
  }
  return path;
}

/**
 * The request's URL parsed, once per request: the client keeps the URL it sent (`sentTo`), and the
 * observer, the traffic and each finding read its path again. Read it; never change it.
 */
export function requestUrl(request: ExchangeRequest): URL {
  let url = parsedUrls.get(request);
  if (url === undefined || url.href !== request.url) {
    url = new URL(request.url);
    parsedUrls.set(request, url);
  }
  return url;
}

/** The client sent `request` to `url` (the same URL, parsed): requestUrl need not parse it again. */
export function sentTo(request: ExchangeRequest, url: URL): void {
  parsedUrls.set(request, url);
}

const parsedUrls = new WeakMap<ExchangeRequest, URL>();
