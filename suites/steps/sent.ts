import type { Exchange } from '../../lib/http/exchange.js';

/**
 * A request the run sends once and several checks judge, each under its own rule (a run-scoped
 * set-up, lib/runner/run-setups.ts): its exchange, whatever the answer, and the body it sent. One
 * request serves every check of that answer, instead of one request each.
 */
export interface Sent<B> {
  ex: Exchange;
  body: B;
}
