import { isWrite, recordIds, type AnyRow, type AnyTable } from '../spec/operation-row.js';

/** Which operations of the table a sweep goes over. */
export type OperationFilter = (endpoint: string, row: AnyRow) => boolean;

/** A write whose path names a record (a patch, an archive, a link): a refused one leaves that record as it was. */
export const isRecordWrite: OperationFilter = (endpoint, row) => isWrite(endpoint) && recordIds(row).length > 0;

/** A write whose path names no record: a create, the upsert. */
export const isCreate: OperationFilter = (endpoint, row) => isWrite(endpoint) && recordIds(row).length === 0;

/** A read whose path names a record. */
export const isRecordRead: OperationFilter = (endpoint, row) => !isWrite(endpoint) && recordIds(row).length > 0;

/**
 * A sweep's item for every operation of the table the filter keeps, in the table's order: the item
 * written for it, else the sweep's `generic` one. An operation with neither stops the suite from
 * loading, naming the list to write it in: a sweep never leaves an operation out silently.
 */
export function casesFor<C>(
  table: AnyTable,
  keep: OperationFilter,
  items: Readonly<Record<string, C | undefined>>,
  where: string,
  generic?: (endpoint: string, row: AnyRow) => C | undefined,
): Array<{ endpoint: string; item: C }> {
  return Object.entries(table)
    .filter(([endpoint, row]) => keep(endpoint, row))
    .map(([endpoint, row]) => {
      const item = items[endpoint] ?? generic?.(endpoint, row);
      if (item === undefined) throw new Error(`${endpoint} has no case in ${where}: add one there`);
      return { endpoint, item };
    });
}
