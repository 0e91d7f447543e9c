/**
 * What the server changed on a record the user keeps (fixtures/kept-records.ts): found by a
 * refusal probe that read the record before and after (and put it back when it could), or by the
 * read of every kept record after the run. It heads the console and every report.
 */
export interface RecordChange {
  /** the fixtures key naming the record: `taskIds[0]` */
  key: string;
  type: string;
  id: string;
  /** the attribute that changed (`labels of phone item …`, `archived_at`) */
  field: string;
  before: unknown;
  after: unknown;
  restored: boolean;
  /** what put it back, or how the user can */
  how: string;
  /** where it was found: the check's rule id, or `the read of kept records after the run` */
  foundBy: string;
}

/** The changes of one run, in the order they were found; one per record and field (the latest wins). */
export class RecordChanges {
  private readonly list: RecordChange[] = [];

  add(change: RecordChange): void {
    const i = this.list.findIndex((c) => c.key === change.key && c.field === change.field);
    if (i >= 0) this.list.splice(i, 1);
    this.list.push(change);
  }

  all(): RecordChange[] {
    return [...this.list];
  }
}

/** A value as a change line shows it: JSON, cut at 120 characters. */
export function shown(v: unknown): string {
  const s = v === undefined ? 'absent' : (JSON.stringify(v) ?? typeof v);
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

/** One change in words: `the server changed your record taskIds[0] (task …): title, "a" → "b"; restored (…)`. */
export function changeLine(c: RecordChange): string {
  return (
    `the server changed your record ${c.key} (${c.type} ${c.id}): ` +
    `${c.field}, ${shown(c.before)} → ${shown(c.after)}; ` +
    `${c.restored ? 'restored' : 'not restored'}: ${c.how} (found by ${c.foundBy})`
  );
}
