import type { Served } from '../target/target.js';
import type { Exchange } from '../http/exchange.js';
import { truncateBody } from '../evidence/truncate.js';
import { shortBare } from '../util/short-text.js';
import { operationOf } from '../check/finding.js';
import type { Traffic } from '../check/outcome.js';

/** What the observed contract and the request counts need of answered exchanges: operation, status, code. */
export function trafficOf(exchanges: readonly Exchange[], server: Served): Traffic[] {
  return exchanges.flatMap((ex) => {
    if (!ex.response) return [];
    const code = (ex.response.json as { code?: unknown } | undefined)?.code;
    return [
      {
        endpoint: operationOf(ex, server),
        status: ex.response.status,
        // a server string kept for the whole run (the observed contract): cut, its length shown
        ...(typeof code === 'string' && ex.response.status >= 400 ? { code: shortBare(code) } : {}),
        emptyBody: ex.response.text.length === 0,
        ...(ex.rateLimitRetries > 0 ? { rateLimitRetries: ex.rateLimitRetries } : {}),
      },
    ];
  });
}

/** An exchange as the run keeps it once its check ended: bodies cut at MAX_BODY_BYTES, the parsed body dropped. */
export function keptExchange(ex: Exchange): Exchange {
  const kept: Exchange = {
    ...ex,
    request: { ...ex.request, ...(ex.request.body !== undefined ? { body: truncateBody(ex.request.body) } : {}) },
  };
  if (ex.response)
    kept.response = { status: ex.response.status, headers: ex.response.headers, text: truncateBody(ex.response.text) };
  return kept;
}

/** The reads the fixtures check sent before the checks, which the checks of the same reads judge (Preflight.reads). */
export function preflightReads(target: { preflight?: { reads?: Record<string, { ex: Exchange }> } }): Exchange[] {
  return Object.values(target.preflight?.reads ?? {}).map((r) => r.ex);
}
