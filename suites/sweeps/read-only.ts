import type { AnyTable } from '../spec/operation-row.js';
import { refusedWriteChecks, type AnyRefusedWrite, type CheckCase, type Refusal } from '../shared/refused-writes.js';
import { casesFor, isCreate } from './cases.js';

/** A check body for one operation, its title's words (`what`) and its run. */
export type CaseOf = Omit<CheckCase, 'endpoint'>;

/**
 * The read-only key's sweep (auth.forbidden-403): every write of the table, each with a valid body on
 * a real record so that permission is the only reason to refuse it. The creates and the upsert first
 * (`creates`, the suite's own), then the writes on a record (the shared refused writes), each in the
 * table's order; a write with no case stops the suite from loading, naming where to write one.
 */
export function readOnlyChecks(
  refusal: Refusal,
  table: AnyTable,
  creates: Readonly<Record<string, CaseOf | undefined>>,
  writes?: Readonly<Record<string, AnyRefusedWrite | undefined>>,
): CheckCase[] {
  return [
    ...casesFor(table, isCreate, creates, 'CREATES_AND_UPSERT in suites/authorization.checks.ts').map(
      ({ endpoint, item }) => ({ endpoint, ...item }),
    ),
    ...refusedWriteChecks(refusal, table, writes),
  ];
}
