import { recordIds, type AnyRow, type AnyTable } from './operation-row.js';

/** Whether a row's path names a record under a custom object's api_name (`/{custom_object_api_name}/{record_id}…`). */
export function namesTypedRecord(row: AnyRow): boolean {
  return Object.values(row.params).includes('custom-object api_name') && recordIds(row).length > 0;
}

/** The operations of a table whose path names a record under a custom object's api_name, in its order. */
export function typedRecordOperations(table: AnyTable): string[] {
  return Object.keys(table).filter((e) => namesTypedRecord(table[e]!));
}
