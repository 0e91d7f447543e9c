import { changeLine, type RecordChange } from '../safety/record-changes.js';

/**
 * The block that heads the console and every report when the server changed a record the user keeps
 * (fixtures/kept-records.ts): one line per changed attribute, restored or not, and how to restore
 * it. Kept apart from the report writers, which each add it in their own markup.
 */
export const RECORD_CHANGES_TITLE = 'The server changed your records';

export function recordChangesIntro(changes: readonly RecordChange[]): string {
  const open = changes.filter((c) => !c.restored).length;
  const count = `${changes.length} change${changes.length === 1 ? '' : 's'}`;
  const restored =
    open === 0 ? 'all restored' : `${open} not restored: restore ${open === 1 ? 'it' : 'them'} as each line says`;
  return (
    'The server took writes it must refuse (or changed records by itself) on records your fixtures file names: ' +
    `${count}, ${restored}.`
  );
}

/** One line per change, plain text (the writers escape it for their markup). */
export function recordChangeLines(changes: readonly RecordChange[]): string[] {
  return changes.map(changeLine);
}

/** The console's block, or nothing when no kept record changed. */
export function printRecordChanges(changes: readonly RecordChange[], print: (line: string) => void): void {
  if (changes.length === 0) return;
  print('');
  print(`${RECORD_CHANGES_TITLE}:`);
  print(`  ${recordChangesIntro(changes)}`);
  for (const line of recordChangeLines(changes)) print(`  ⚠ ${line}`);
}
