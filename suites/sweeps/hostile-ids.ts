import type { CheckContext } from '../../lib/check/context.js';
import type { HttpMethod } from '../../lib/operations/api-operation.js';
import { recordIds, splitEndpoint, type AnyTable } from '../spec/operation-row.js';
import type { StatedEndpoint } from '../spec/operations.js';
import { oneOfEachMethod, probePath, valuesNamingNothing } from './probes.js';
import { realPath } from './probe-records.js';

/**
 * Operations with an id in their path that the hostile-id sweep leaves out, and why: the same path
 * prefix, parsed by the same handler, is probed through another operation. Every other operation
 * with an id gets an id that is not a uuid on every run, an operation added to the table included.
 */
export const HOSTILE_IDS_ELSEWHERE: Partial<Record<StatedEndpoint, string>> = {
  'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}':
    'its contact id is probed by PATCH /contact/{contact_id}',
  'POST /contact/{contact_id}/relationship/{api_name}': 'its contact id is probed by PATCH /contact/{contact_id}',
  'DELETE /account/{account_id}/attribute/domains/{domain_name}':
    'its account id is probed by DELETE /account/{account_id}',
  'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}':
    'its opportunity id is probed by POST /opportunity/{opportunity_id}/relationship/{api_name}',
  'DELETE /task/{task_id}': 'its task id is probed by PATCH /task/{task_id}',
  'DELETE /{custom_object_api_name}/{record_id}':
    'its record id is probed by PATCH /{custom_object_api_name}/{record_id}',
  'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}':
    'its record id is probed by PATCH /{custom_object_api_name}/{record_id}',
};

/** One operation the sweep sends hostile ids: the first id of its path is replaced by the hostile segment. */
export interface HostileIdTarget {
  endpoint: string;
  method: HttpMethod;
  /** the path with `id` (already a path segment) as its first id; a custom-object api_name from the fixtures */
  path(c: CheckContext, id: string): string;
  /** its probe body (suites/spec/operations.ts), strings `Robust` */
  body: unknown;
  /**
   * every hostile id, not only 'not-a-uuid': the first operation of each method. A path id is parsed
   * the same way by every handler of one method, so each kind of hostile id meets a read, a patch, an
   * archive and a link without going to every operation.
   */
  all: boolean;
}

/** The operations the hostile-id sweep (robustness.no-5xx) sends ids that are not uuids, in the table's order. */
export function hostileIdTargets(
  table: AnyTable,
  elsewhere: Readonly<Record<string, string | undefined>> = HOSTILE_IDS_ELSEWHERE,
): HostileIdTarget[] {
  const others = valuesNamingNothing();
  const targets = Object.entries(table)
    .filter(([endpoint, row]) => recordIds(row).length > 0 && elsewhere[endpoint] === undefined)
    .map(([endpoint, row]) => {
      const first = recordIds(row)[0]!.name;
      return {
        endpoint,
        method: splitEndpoint(endpoint).method,
        path: (c: CheckContext, id: string) =>
          probePath(
            endpoint,
            row,
            (_name, kind) =>
              kind === 'custom-object api_name'
                ? c.need(c.fixtures.customObject?.apiName, 'customObject.apiName')
                : others[kind],
            { [first]: id },
          ),
        body: row.probe.body?.('Robust'),
        all: false,
      };
    });
  const firsts = new Set(oneOfEachMethod(targets));
  return targets.map((t) => ({ ...t, all: firsts.has(t) }));
}

/**
 * One later id of a path (an item id, an edge's target id): every id before it names the run's real
 * record, so the id that is not a uuid is the only thing wrong with the request.
 */
export interface LaterIdTarget {
  endpoint: string;
  method: HttpMethod;
  /** the parameter replaced */
  name: string;
  path(c: CheckContext, id: string): Promise<string>;
  body: unknown;
}

/**
 * Every id of a path after its first, from the table ("Path parameters named `*_id` are uuid strings",
 * each of them): the first ids go to hostileIdTargets, on ids that name nothing.
 */
export function laterIdTargets(table: AnyTable): LaterIdTarget[] {
  return Object.entries(table).flatMap(([endpoint, row]) =>
    recordIds(row)
      .slice(1)
      .map(({ name }) => ({
        endpoint,
        method: splitEndpoint(endpoint).method,
        name,
        path: (c: CheckContext, id: string) => realPath(c, endpoint, row, { [name]: id }),
        // nothing of its own: a write it reaches changes nothing (an item's labels, an edge)
        body: row.request === null ? undefined : {},
      })),
  );
}
