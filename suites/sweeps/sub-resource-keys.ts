import type { AnyRow, AnyTable, ParamKind } from '../spec/operation-row.js';
import type { Operations, StatedEndpoint } from '../spec/operations.js';
import type { CheckCase } from '../shared/refused-writes.js';
import { casesFor, type OperationFilter } from './cases.js';
import type { CaseOf } from './read-only.js';

/**
 * The kinds of path parameter that name something inside the record before them (a sub-resource key):
 * an item of a multi-valued attribute, a domain of an account, an edge's target. Under the caller's
 * own record, another organization's key there names nothing of the caller's.
 */
export const SUB_RESOURCE_KINDS = [
  'phone item id',
  'domain name',
  'related record id',
] as const satisfies readonly ParamKind[];
export type SubResourceKind = (typeof SUB_RESOURCE_KINDS)[number];

/** The parameters of a row's path that hold a sub-resource key, in their order. */
export function subResourceKeys(row: AnyRow): string[] {
  return Object.entries(row.params)
    .filter(([, kind]) => (SUB_RESOURCE_KINDS as readonly ParamKind[]).includes(kind))
    .map(([name]) => name);
}

/** An operation whose path holds a sub-resource key. */
export const hasSubResourceKey: OperationFilter = (_endpoint, row) => subResourceKeys(row).length > 0;

type KindsOf<E extends StatedEndpoint> = Operations[E]['params'][keyof Operations[E]['params']];

/** An operation of the table whose path holds a sub-resource key: each needs its case (the compiler holds it). */
export type SubResourceEndpoint = {
  [E in StatedEndpoint]: [Extract<KindsOf<E>, SubResourceKind>] extends [never] ? never : E;
}[StatedEndpoint];

/**
 * Organization B's sweep (isolation.other-organization) through a sub-resource key: for every
 * operation of the table whose path holds one, organization B's own record in the path and
 * organization A's sub-resource key after it. An operation with no case stops the suite from loading,
 * naming where to write it.
 */
export function subResourceKeyChecks(
  table: AnyTable,
  cases: Readonly<Record<string, CaseOf | undefined>>,
): CheckCase[] {
  return casesFor(table, hasSubResourceKey, cases, 'SUB_RESOURCE_KEYS in suites/isolation-keys.checks.ts').map(
    ({ endpoint, item }) => ({ endpoint, ...item }),
  );
}
