import { otherDomains, tasksToArchive, type Fixtures } from '../target/fixtures.js';

/**
 * Whose records a run touches, named in one place.
 *
 * - **kept**: every record the fixtures file names, except those the user gave up. The suite never
 *   archives or removes one, whatever the server answers; a write to one is either one the README
 *   says the suite makes (and puts back where it says so), or a refusal probe that is read before
 *   and after and put back when the server wrongly took it.
 * - **given up**: `taskToArchive` (the archive check archives it for good) and
 *   `accountWithDomains.otherDomain` (removed for good when the server takes no domains on account
 *   create). A refusal probe that would archive or remove something goes to one of these when no
 *   record of the run's own can exist (tasks have no create endpoint).
 * - **own**: everything the run created (lib/safety/tracker.ts records each, whoever sent it).
 */
export type RecordKind = 'kept' | 'given up' | 'own';

/** A kept record: the fixtures key that names it, and how to read it again. */
export interface KeptRecord {
  /** the fixtures key, as the user wrote it: `taskIds[0]`, `noteId` */
  key: string;
  type: 'task' | 'note' | 'meeting' | 'contact' | 'account' | 'custom-object record';
  id: string;
  /** the read that shows it (a task or account read is not a stated route: a server may serve none) */
  read: string;
  /**
   * Attributes the README says the suite writes to it and does not put back (and what the server
   * derives from a write: updated_at and the like). They are left out when the record is compared
   * with its state at the fixtures check.
   */
  written: readonly string[];
}

/** What any write changes on a record besides the attribute written. */
const DERIVED = ['updated_at', 'updated_by_user_id'];

/** The task checks write disposition and status COMPLETED (their title is put back, so it is compared). */
const TASK_WRITES = ['disposition', 'status', 'completed_at', 'completed_by_user_id', ...DERIVED];

/** The kept records a fixtures file names, each once. */
export function keptRecords(f: Fixtures): KeptRecord[] {
  const out: KeptRecord[] = [];
  const task = f.taskIds?.[0];
  if (task !== undefined && !tasksToArchive(f).includes(task)) {
    out.push({ key: 'taskIds[0]', type: 'task', id: task, read: `/task/${task}`, written: TASK_WRITES });
  }
  if (f.noteId !== undefined) {
    out.push({ key: 'noteId', type: 'note', id: f.noteId, read: `/note/${f.noteId}`, written: [] });
  }
  if (f.meetingId !== undefined) {
    out.push({ key: 'meetingId', type: 'meeting', id: f.meetingId, read: `/meeting/${f.meetingId}`, written: [] });
  }
  if (f.contactWithPhoneNumbersId !== undefined) {
    // its phone items are patched and put back, one check at a time: they are compared
    const id = f.contactWithPhoneNumbersId;
    out.push({ key: 'contactWithPhoneNumbersId', type: 'contact', id, read: `/contact/${id}`, written: DERIVED });
  }
  const account = f.accountWithDomains?.id;
  if (account !== undefined) {
    const read = `/account/${account}`;
    out.push({ key: 'accountWithDomains', type: 'account', id: account, read, written: DERIVED });
  }
  return out;
}

/**
 * Kept records the suite only reads, and whose state no stated read shows as a record (the custom
 * object has no stated record read): protected like every kept record, not read again after the run.
 */
export function readOnlyKeptIds(f: Fixtures): Array<{ key: string; id: string }> {
  const many = f.customObject?.recordWithManyEdgesId;
  return many === undefined ? [] : [{ key: 'customObject.recordWithManyEdgesId', id: many }];
}

/** The domains of a kept account the user gave up (`accountWithDomains.otherDomain`), lower-cased. */
export function givenUpDomains(f: Fixtures): string[] {
  return otherDomains(f).map((d) => d.toLowerCase());
}

/** What kind of record an id is for this run: kept, given up, or (anything else) the run's own. */
export function kindOf(f: Fixtures, id: string): RecordKind {
  if (tasksToArchive(f).includes(id)) return 'given up';
  return keptRecords(f).some((k) => k.id === id) || readOnlyKeptIds(f).some((k) => k.id === id) ? 'kept' : 'own';
}

/**
 * The kept record a request would archive or remove something of, or undefined. A DELETE whose path
 * names a kept record is never sent, whoever it is sent with (lib/http/client.ts): a kept record's
 * given-up domain is the one exception. Custom-object samples are no records: the fixtures check
 * upserts them into a record of the run's own.
 */
export function keptRecordDeletedBy(
  f: Fixtures,
  method: string,
  path: string,
): Pick<KeptRecord, 'key' | 'type' | 'id'> | undefined {
  if (method.toUpperCase() !== 'DELETE') return undefined;
  const segments = (path.split(/[?#]/)[0] ?? path)
    .split('/')
    .filter((s) => s !== '')
    .map(safeDecode);
  const readOnly = readOnlyKeptIds(f).find((k) => segments.includes(k.id));
  if (readOnly) return { ...readOnly, type: 'custom-object record' };
  const kept = keptRecords(f).find((k) => segments.includes(k.id));
  if (!kept) return undefined;
  const domains = givenUpDomains(f);
  const [root, , attribute, name, value] = segments;
  const isGivenUpDomain =
    kept.type === 'account' &&
    segments.length === 5 &&
    root === 'account' &&
    attribute === 'attribute' &&
    name === 'domains' &&
    domains.includes(value!.toLowerCase());
  return isGivenUpDomain ? undefined : kept;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
