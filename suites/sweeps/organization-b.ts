import type { CheckContext } from '../../lib/check/context.js';
import { valueOf, type ApiRecord } from '../spec/record.js';
import { contactToRead } from '../steps/contact.js';
import { opportunityAccount } from '../steps/opportunity.js';
import { meetingRead, noteRead } from '../steps/note-meeting.js';
import { contactSecrets } from '../steps/other-organization.js';
import { recordIds, type AnyRow, type AnyTable, type RecordName } from '../spec/operation-row.js';
import {
  refusedWriteChecks,
  sendRefused,
  type AnyRefusedWrite,
  type CheckCase,
  type Refusal,
} from '../shared/refused-writes.js';
import { casesFor, isRecordRead } from './cases.js';
import { probePath } from './probes.js';
import type { CaseOf } from './read-only.js';

/** A record of organization A, made or named with organization A's key, and what of it an answer must not carry. */
interface RecordOfA {
  id: string;
  secrets: readonly unknown[];
}

const withName = (r: ApiRecord): RecordOfA => ({ id: r.id, secrets: [valueOf(r, 'display_name')] });

/**
 * Organization A's record of each kind a read can name, for the generic read: the run's shared
 * records (only read, and by organization B only), or the fixtures' (sent as given).
 */
const RECORDS_OF_A: Partial<Record<RecordName, (c: CheckContext) => Promise<RecordOfA>>> = {
  contact: async (c) => {
    const contact = await contactToRead(c);
    return { id: contact.id, secrets: contactSecrets(contact) };
  },
  account: async (c) => withName(await opportunityAccount(c)),
  note: async (c) => {
    const id = c.need(c.fixtures.noteId, 'noteId');
    const note = c.setup(await noteRead(c), 'GET /note/{note_id}').data();
    return { id, secrets: [valueOf(note, 'title'), valueOf(note, 'note_html')] };
  },
  meeting: async (c) => {
    const id = c.need(c.fixtures.meetingId, 'meetingId');
    const meeting = c.setup(await meetingRead(c), 'GET /meeting/{meeting_id}').data();
    return {
      id,
      secrets: ['title', 'description', 'agenda', 'location', 'meeting_url'].map((n) => valueOf(meeting, n)),
    };
  },
};

/**
 * A read of organization A's record with organization B's key, for a read the suite has no case of
 * its own for: one whose path names one record of a kind above and nothing else. Undefined otherwise.
 */
function genericRead(refusal: Refusal): (endpoint: string, row: AnyRow) => CaseOf | undefined {
  return (endpoint, row) => {
    const ids = recordIds(row);
    const record = ids[0]?.kind.replace(/ id$/, '') as RecordName | undefined;
    const recordOf = record === undefined ? undefined : RECORDS_OF_A[record];
    if (ids.length !== 1 || Object.keys(row.params).length !== 1 || recordOf === undefined) return undefined;
    return {
      what: `reading organization A's ${record}`,
      run: async (c) => {
        const r = await recordOf(c);
        const path = probePath(endpoint, row, () => '', { [ids[0]!.name]: encodeURIComponent(r.id) });
        await sendRefused(c, refusal, { method: 'GET', path }, r.secrets);
      },
    };
  };
}

/**
 * Organization B's sweep (isolation.other-organization) of every operation whose path names a record
 * of organization A: the reads first (`reads`, the suite's own; a read with none gets the generic
 * one above where it fits), then the writes (the shared refused writes), each in the table's order.
 */
export function organizationBChecks(
  refusal: Refusal,
  table: AnyTable,
  reads: Readonly<Record<string, CaseOf | undefined>>,
  writes?: Readonly<Record<string, AnyRefusedWrite | undefined>>,
): CheckCase[] {
  return [
    ...casesFor(table, isRecordRead, reads, 'READS in suites/isolation.checks.ts', genericRead(refusal)).map(
      ({ endpoint, item }) => ({ endpoint, ...item }),
    ),
    ...refusedWriteChecks(refusal, table, writes),
  ];
}
