import type { SchemaId } from '../spec/schemas/ids.js';
import { MATCH_BODIES, type AnyTable } from '../spec/operation-row.js';
import type { Operations, StatedEndpoint } from '../spec/operations.js';
import type { CheckCase } from '../shared/refused-writes.js';
import { casesFor, type OperationFilter } from './cases.js';
import type { CaseOf } from './read-only.js';

type MatchBody = (typeof MATCH_BODIES)[number];

/** An operation whose request carries a match. */
export const takesMatch: OperationFilter = (_endpoint, row) =>
  row.request !== null && (MATCH_BODIES as readonly SchemaId[]).includes(row.request);

/** An operation of the table whose request carries a match: each needs its case (the compiler holds it). */
export type MatchEndpoint = {
  [E in StatedEndpoint]: Operations[E]['request'] extends MatchBody ? E : never;
}[StatedEndpoint];

/**
 * The ambiguous-match sweep (error.code.ambiguous-match): for every operation of the table that takes a
 * match, its case, which asserts the code once the run has shown the precondition on that operation.
 * An operation with no case stops the suite from loading, naming where to write it.
 */
export function ambiguousMatchChecks(
  table: AnyTable,
  cases: Readonly<Record<string, CaseOf | undefined>>,
): CheckCase[] {
  return casesFor(table, takesMatch, cases, 'AMBIGUOUS_MATCHES in suites/ambiguous-match.checks.ts').map(
    ({ endpoint, item }) => ({ endpoint, ...item }),
  );
}
