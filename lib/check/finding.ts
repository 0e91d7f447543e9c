import type { Exchange } from '../http/exchange.js';
import { pathUnderBase } from '../http/exchange.js';
import type { Served } from '../target/target.js';
import type { Violation } from './outcome.js';

/**
 * A rule an exchange broke that is not the rule of the check that met it: an envelope, content
 * type, error body or value shape problem met on the way. It is recorded once per cause under the
 * rule it broke (lib/report/root-causes.ts), never as a failure of the check's own rule.
 */
export interface Finding {
  violation: Violation;
  /** the operation of the exchange, as the spec writes it, or `METHOD (unstated route)` */
  operation: string;
  exchange: Exchange;
}

/** Where the checks of one check's expectations send what they find beyond its own rule. */
export interface FindingScope {
  /** the rule of the check: a violation of it fails the check */
  own: string;
  found(v: Violation, ex: Exchange): void;
  /**
   * whether the answer is a refusal for a fact of the user's the run was not told (a workspace's required
   * field, a fixtures name the server does not know): no finding then, the check is blocked on it
   */
  refusedForTheUser?(ex: Exchange): boolean;
}

/** The stated operation an exchange was a request of, or `METHOD (unstated route)`. */
export function operationOf(ex: Exchange, server: Served): string {
  // asked of every answer by the observer, the traffic and each finding: the match and the URLs' parse done once
  const { method, url } = ex.request;
  const known = operations.get(ex.request);
  const same = known?.of === server.operations && known.baseUrl === server.baseUrl;
  if (same && known.method === method && known.url === url) return known.operation;
  const operation = server.operations.endpointOf(method, pathUnderBase(ex, server.baseUrl)) ?? unstated(method);
  operations.set(ex.request, { of: server.operations, baseUrl: server.baseUrl, method, url, operation });
  return operation;
}

/** The operation of each request already asked, with what it was worked out from. */
const operations = new WeakMap<
  Exchange['request'],
  { of: Served['operations']; baseUrl: string; method: string; url: string; operation: string }
>();

/** How a request's operation is named where no stated route serves it. */
export function unstated(method: string): string {
  return `${method} (unstated route)`;
}
