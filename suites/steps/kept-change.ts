import type { CheckContext } from '../../lib/check/context.js';
import { changeLine, type RecordChange } from '../../lib/safety/record-changes.js';

/**
 * A change the server made to a kept record during this check (a refusal probe it wrongly took):
 * recorded for the head of every report, and as an observation of the check.
 */
export function keptRecordChanged(c: CheckContext, change: Omit<RecordChange, 'foundBy'>): void {
  const full: RecordChange = { ...change, foundBy: c.rule };
  c.target.recordChanges?.add(full);
  c.observe('kept-record', changeLine(full));
}
