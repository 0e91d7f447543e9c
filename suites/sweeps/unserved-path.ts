import { OperationIndex } from '../../lib/operations/operation-index.js';
import { apiOperationsOf } from '../spec/api-operations.js';
import type { AnyTable } from '../spec/operation-row.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Paths under the base URL that no operation of the table serves, for "every error response has the
 * error body" where a framework's own 404 page is what a server forgets: one segment, a token (lower
 * case letters and digits) making each the run's own. A table that would serve one (an operation
 * `GET /{name}`, say) stops the suite from loading, naming that operation: the check would then judge
 * a stated operation's answer as an unserved path's.
 */
export function unservedPaths(table: AnyTable): (token: string) => string {
  const path = (token: string) => `/conformance-no-such-route-${token}`;
  const index = new OperationIndex(apiOperationsOf(table));
  for (const method of METHODS) {
    const served = index.endpointOf(method, path('x0'));
    if (served !== undefined)
      throw new Error(`${served} serves ${path('{token}')}, the path no route serves: choose another there`);
  }
  return path;
}
