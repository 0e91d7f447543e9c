import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { readOnce } from './read-once.js';

/**
 * The reads of the note and the meeting the user names (fixtures `noteId`, `meetingId`): notes and
 * meetings have no create, so every check of them reads the same records. Each read is sent once per
 * run, by the fixtures check before the checks where it reads them (suites/steps/read-once.ts), and judged
 * by each check under its own rule
 * (the record, the envelope, record_type, organization_id, the value types, the media type); the
 * checks that compare a meeting before and after a write read it again themselves.
 */

/** GET /note/{note_id} of the fixtures' note, whatever the answer. */
export function noteRead(c: CheckContext): Promise<Exchange> {
  const id = c.need(c.fixtures.noteId, 'noteId');
  return readOnce(c, 'notes: a read of the fixtures note', `/note/${id}`).then((r) => r.ex);
}

/** GET /meeting/{meeting_id} of the fixtures' meeting, whatever the answer. */
export function meetingRead(c: CheckContext): Promise<Exchange> {
  const id = c.need(c.fixtures.meetingId, 'meetingId');
  return readOnce(c, 'meetings: a read of the fixtures meeting', `/meeting/${id}`).then((r) => r.ex);
}

/** GET /meeting/{meeting_id}/transcript of the fixtures' meeting, and when it was sent (this client's clock, ms). */
export function transcriptRead(c: CheckContext): Promise<{ ex: Exchange; sentAt: number }> {
  const id = c.need(c.fixtures.meetingId, 'meetingId');
  return readOnce(c, 'meetings: a read of the fixtures meeting transcript', `/meeting/${id}/transcript`);
}
