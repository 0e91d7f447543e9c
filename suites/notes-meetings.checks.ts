import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { instantMs } from '../lib/util/instant.js';
import { check, endpoint } from '../lib/check/check.js';
import type { CheckContext } from '../lib/check/context.js';
import { answeredRecord, valueOf, type ApiRecord } from './spec/record.js';
import { show } from '../lib/check/show.js';
import { keptRecordChanged } from './steps/kept-change.js';
import { holdRecord } from '../lib/runner/record-lock.js';
import { tagged } from '../fixtures/builders/tag.js';
import { meetingRead, noteRead, transcriptRead } from './steps/note-meeting.js';
import { LinkNotAllowed } from '../lib/http/link.js';

// Notes and meetings cannot be created through the spec's interface: the checks read the ones the
// user names in fixtures (`noteId`, `meetingId`, a meeting with a transcript). Meeting enum sets are
// "not shown": the record schema holds enum values to "a string", nothing more.

endpoint('GET /note/{note_id}', () => {
  // the run reads the note once (suites/steps/note-meeting.ts); each check judges that answer under its own rule
  check('note.get.record', 'a note reads as { data: note record } with the requested id', async (c) => {
    const id = c.need(c.fixtures.noteId, 'noteId');
    const e = c
      .expect(await noteRead(c))
      .success()
      .record('note');
    if (e.data().id !== id) e.fail(`data.id ${id}`, `data.id ${show(e.data().id)}`);
  });

  check(
    'record.note.attributes',
    "a note's attributes have the spec's value types (created_by, updated_by, deleted_by uuid-typed; deleted_at a timestamp)",
    async (c) => {
      c.expect(await noteRead(c))
        .success()
        .record('note');
    },
  );
});

endpoint('GET /meeting/{meeting_id}', () => {
  check('meeting.get.record', 'a meeting reads as { data: meeting record } with the requested id', async (c) => {
    const id = c.need(c.fixtures.meetingId, 'meetingId');
    const e = c
      .expect(await meetingRead(c))
      .success()
      .record('meeting');
    if (e.data().id !== id) e.fail(`data.id ${id}`, `data.id ${show(e.data().id)}`);
  });

  check(
    'record.meeting.attributes',
    "a meeting's attributes have the spec's value types (participants meeting_participant, enums strings)",
    async (c) => {
      c.expect(await meetingRead(c))
        .success()
        .record('meeting');
    },
  );
});

/**
 * A write to the read-only meeting: never 2xx; a 4xx with the error body (405 is one); and the
 * meeting reads the same afterwards (updated_at, title, description). The meeting is the user's
 * (there is no meeting create): a server that wrongly took a write gets title and description put
 * back with the same method after the check. A DELETE could not be undone, so it goes to a meeting
 * id that names nothing: a server must refuse it all the same, and the user's meeting is never at risk.
 */
async function writeToMeeting(c: CheckContext, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'): Promise<void> {
  const id = c.need(c.fixtures.meetingId, 'meetingId');
  // the writes take turns on the meeting: each compares against, and puts back, only what it saw
  await holdRecord(c, `meeting:${id}`);
  const before = c.setup(await c.api.get(`/meeting/${id}`), 'GET /meeting/{meeting_id}').data();
  // the meeting as the read after the write showed it, which the put-back reuses
  const seen: { after?: ApiRecord } = {};
  let e;
  if (method === 'DELETE') {
    e = c.expect(await c.api.delete(`/meeting/${randomUUID()}`));
  } else {
    c.cleanup(() => putBackMeeting(c, id, method, before, seen.after));
    const title = tagged(`Changed ${c.faker.company.catchPhrase()}`, c.runId);
    const body = { attributes: { title, description: tagged('changed by a write', c.runId) } };
    e = c.expect(await c.api.send(method, `/meeting/${id}`, { json: body }));
  }
  c.observe('meeting-write', `${method} /meeting/{id} answered HTTP ${e.response.status}`);
  e.rejected();
  const after = c
    .expect(await c.api.get(`/meeting/${id}`))
    .success()
    .data();
  seen.after = after;
  const a = c.expect(c.last());
  if (after.updated_at !== before.updated_at)
    a.fail(`updated_at unchanged after ${method} (${show(before.updated_at)})`, `updated_at ${show(after.updated_at)}`);
  for (const name of ['title', 'description']) {
    if (!isDeepStrictEqual(after.attributes[name], before.attributes[name]))
      a.fail(
        `${name} unchanged after ${method} (${show(valueOf(before, name))})`,
        `${name} ${show(valueOf(after, name))}`,
      );
  }
}

/** After a write the server wrongly took: the meeting's title and description written back, read again, reported. */
async function putBackMeeting(
  c: CheckContext,
  id: string,
  method: 'POST' | 'PATCH' | 'PUT',
  before: ApiRecord,
  read?: ApiRecord,
): Promise<void> {
  const now = read ?? answeredRecord(await c.api.get(`/meeting/${id}`));
  if (!now) return;
  const changed = ['title', 'description'].filter((n) => !isDeepStrictEqual(now.attributes[n], before.attributes[n]));
  if (changed.length === 0) return;
  const attributes = Object.fromEntries(changed.map((n) => [n, valueOf(before, n)]));
  await c.api.send(method, `/meeting/${id}`, { json: { attributes } });
  const back = answeredRecord(await c.api.get(`/meeting/${id}`));
  for (const n of changed) {
    const restored = back !== undefined && isDeepStrictEqual(back.attributes[n], before.attributes[n]);
    keptRecordChanged(c, {
      key: 'meetingId',
      type: 'meeting',
      id,
      field: n,
      before: valueOf(before, n),
      after: valueOf(now, n),
      restored,
      how: restored
        ? `put back with ${method} /meeting/${id} (organization A's key), the write the server took`
        : `set ${n} back to ${show(valueOf(before, n))} in the product`,
    });
  }
}

endpoint('GET /meeting/{meeting_id}', () => {
  check('meeting.read-only', 'POST /meeting/{id} is refused with the error body and changes nothing', (c) =>
    writeToMeeting(c, 'POST'),
  );
  check('meeting.read-only', 'PATCH /meeting/{id} is refused with the error body and changes nothing', (c) =>
    writeToMeeting(c, 'PATCH'),
  );
  check('meeting.read-only', 'PUT /meeting/{id} is refused with the error body and changes nothing', (c) =>
    writeToMeeting(c, 'PUT'),
  );
  check('meeting.read-only', 'DELETE /meeting/{id} is refused with the error body and changes nothing', (c) =>
    writeToMeeting(c, 'DELETE'),
  );
});

endpoint('GET /meeting/{meeting_id}/transcript', () => {
  check(
    'meeting.transcript',
    'the transcript read answers { data: { url, expires_at, format } } with an absolute url',
    async (c) => {
      const e = c
        .expect((await transcriptRead(c)).ex)
        .success()
        .body('envelopes/transcript');
      const url = e.json<{ data: { url: string } }>().data.url;
      let parsed: URL | undefined;
      try {
        parsed = new URL(url);
      } catch {
        /* below */
      }
      if (!parsed || !/^[a-z][a-z0-9+.-]*:$/i.test(parsed.protocol))
        e.fail('data.url an absolute URL (a pre-signed link)', `data.url ${show(url)}`);
    },
  );

  // "valid until the returned expires_at": a link just issued must not already be expired. The
  // server issued it after the request left this client, so the request's start time (this
  // client's clock, read before sending) is the earliest moment the link could have been issued;
  // expires_at must be later than that. Nothing is allowed for clock skew beyond using the start
  // time rather than the time the answer arrived: expires_at is an absolute instant, and one that
  // lies before the request was even sent names a link that was expired when issued, whichever
  // clock is wrong. A server whose clock lags this client's by more than its link lifetime fails;
  // that is what a client of it would see too. The lifetime seen is recorded as an observation.
  check(
    'meeting.transcript.valid-until',
    'a freshly issued transcript link expires after the request was sent',
    async (c) => {
      const { ex, sentAt } = await transcriptRead(c);
      const e = c.expect(ex).success().body('envelopes/transcript', 'meeting.transcript');
      // the read may be shared and judged later: when its answer came, not when this check looks at it
      const receivedAt = sentAt + ex.ms;
      const raw = e.json<{ data: { expires_at: string } }>().data.expires_at;
      const expires = instantMs(raw);
      if (Number.isNaN(expires)) e.fail('data.expires_at an ISO 8601 timestamp', `data.expires_at ${show(raw)}`);
      if (expires <= sentAt)
        e.fail(
          `data.expires_at later than the request's start (${new Date(sentAt).toISOString()})`,
          `data.expires_at ${raw}`,
        );
      c.observe(
        'transcript-link',
        `the transcript link was valid for ${Math.round((expires - receivedAt) / 1000)} s after it arrived (expires_at ${raw})`,
      );
    },
  );

  // "pre-signed" and "valid until the returned expires_at": the link answers, with no API key, before
  // it expires. Followed only where the user's trust reaches (the base URL's origin, a host named with
  // --allow-host); the key is never sent with it (lib/http/link.ts).
  check(
    'meeting.transcript.link-answers',
    'the transcript url, fetched without the API key before its expires_at, answers 2xx',
    async (c) => {
      const { ex } = await transcriptRead(c);
      const read = c.setup(ex, 'GET /meeting/{meeting_id}/transcript');
      const data = read.json<{ data?: { url?: unknown; expires_at?: unknown } }>().data;
      const url = data?.url;
      if (typeof url !== 'string') return c.block('GET /meeting/{meeting_id}/transcript', 'no url in the answer', ex);
      let link;
      try {
        link = await c.api.link(url, c.target.allowHosts ?? []);
      } catch (err) {
        if (!(err instanceof LinkNotAllowed)) throw err;
        if (err.allowable)
          return c.skip(
            `the transcript url's host ${show(err.host)} is not the base URL's: the suite sends nothing off the base URL's origin unless allowed; run with --allow-host ${show(err.host)} (or name it in the fixtures file's allowHosts) to follow it`,
          );
        return c.notApplicable(`the transcript url cannot be followed: ${err.message}`, [ex]);
      }
      const e = c.expect(link);
      const expires = typeof data?.expires_at === 'string' ? instantMs(data.expires_at) : Number.NaN;
      const status = e.response.status;
      if (status < 200 || status > 299) {
        // a link that expired before it was fetched is not one this check can judge
        if (!Number.isNaN(expires) && expires <= Date.now())
          c.notApplicable(`the transcript url had expired when it was fetched (expires_at ${show(data?.expires_at)})`, [
            ex,
            link,
          ]);
        e.fail('a 2xx answer to a GET of the url without the API key, before its expires_at', `HTTP ${status}`);
      }
    },
  );
});
