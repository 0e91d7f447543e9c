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
  ms: number;
  /**
   * how many 429 answers of the same request were retried before this attempt: 0 on the first
   * attempt, n on the n-th retry. Every attempt is its own Exchange (the 429s too), so a run's
   * requests sent are its exchanges and its rate-limit retries are the exchanges with a value > 0
   * (summing the values would count a request retried twice as three retries).
   */
  rateLimitRetries: number;
}

/** The response, or a thrown TransportFailure when the server never answered. */
export class TransportFailure extends Error {
  constructor(readonly exchange: Exchange) {
    super(
      `connection failed: ${exchange.request.method} ${exchange.request.url}: ${exchange.transportError ?? 'no response'}`,
    );
    this.name = 'TransportFailure';
  }
}

export function responseOf(ex: Exchange): ExchangeResponse {
  if (!ex.response) throw new TransportFailure(ex);
  return ex.response;
}

/** The request's path below the base URL's path (`/contact/…`), as the spec writes paths. */
export function pathUnderBase(ex: Exchange, baseUrl: string): string {
  const base = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const path = new URL(ex.request.url).pathname;
  return path.startsWith(base) ? path.slice(base.length) : path;
}
