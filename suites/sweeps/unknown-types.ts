import type { AnyTable } from '../spec/operation-row.js';
import { namesTypedRecord } from '../spec/typed-records.js';
import type { Operations, StatedEndpoint } from '../spec/operations.js';
import type { CheckCase } from '../shared/refused-writes.js';
import { casesFor, type OperationFilter } from './cases.js';
import type { CaseOf } from './read-only.js';

/**
 * An operation whose path names a record under a custom object's api_name: with an api_name the
 * caller's workspace does not have (another organization's custom object, or none's) before one of
 * its real records' ids, the type names nothing, and so does the path.
 */
export const isTypedRecordPath: OperationFilter = (_endpoint, row) => namesTypedRecord(row);

type KindsOf<E extends StatedEndpoint> = Operations[E]['params'][keyof Operations[E]['params']];

/** An operation of the table naming a record under a custom-object api_name (the compiler holds the cases). */
export type TypedRecordEndpoint = {
  [E in StatedEndpoint]: [Extract<KindsOf<E>, 'custom-object api_name'>] extends [never]
    ? never
    : [Extract<KindsOf<E>, `${string} id`>] extends [never]
      ? never
      : E;
}[StatedEndpoint];

/**
 * The unknown-type sweep (custom-object.unknown-type) over every such operation of the table, in its
 * order; an operation with no case stops the suite from loading, naming where to write it.
 */
export function unknownTypeChecks(table: AnyTable, cases: Readonly<Record<string, CaseOf | undefined>>): CheckCase[] {
  return casesFor(table, isTypedRecordPath, cases, 'UNKNOWN_TYPES in suites/unknown-types.checks.ts').map(
    ({ endpoint, item }) => ({ endpoint, ...item }),
  );
}
