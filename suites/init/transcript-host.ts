import { FIXTURES_SCHEMA } from '../../fixtures/fixtures-file.schema.js';
import { fixturesSchemaErrors } from '../../lib/config/fixtures-file.js';
import { RunCannotStart } from '../../lib/config/run-cannot-start.js';
import { allowedLink, LinkNotAllowed } from '../../lib/http/link.js';
import { shortText } from '../../lib/util/short-text.js';
import type { Answer, Draft } from './draft.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What init learnt from the meeting's transcript link: the lines to print under "To confirm". */
export interface TranscriptHost {
  toConfirm: string[];
}

/**
 * The meeting the user named (--meeting-id) goes into the draft, and its transcript is read
 * (GET /meeting/{meeting_id}/transcript, a read the spec states). A transcript `url` on a host other than
 * the base URL's is the link the run will not follow unless allowed (lib/http/link.ts): init writes that
 * host under `allowHostsToConfirm`, a suggestion the run never reads as allowed, and says how to confirm
 * it. Nothing is fetched from the link, and nothing is allowed here: only the user can trust a host.
 */
export async function transcriptHost(
  draft: Draft,
  baseUrl: string,
  meetingId: string,
  read: (p: string) => Promise<Answer>,
  out: string,
): Promise<TranscriptHost> {
  if (!UUID.test(meetingId))
    throw new RunCannotStart(`init: --meeting-id takes the uuid of a meeting; got ${JSON.stringify(meetingId)}`);
  draft.fixtures.meetingId = meetingId.toLowerCase();
  draft.found.push(`meetingId = ${meetingId.toLowerCase()} ← --meeting-id (yours)`);
  const where = `GET /meeting/${meetingId.toLowerCase()}/transcript`;
  const answer = await read(`/meeting/${meetingId.toLowerCase()}/transcript`);
  if ('problem' in answer) {
    draft.notRead.push(`the transcript link's host: ${answer.problem}`);
    return { toConfirm: [] };
  }
  const url = (answer.json as { data?: { url?: unknown } } | null)?.data?.url;
  if (typeof url !== 'string') {
    draft.notRead.push(`the transcript link's host: ${where} answered no data.url`);
    return { toConfirm: [] };
  }
  return { toConfirm: hostToConfirm(draft, baseUrl, url, where, out) };
}

/** The link's host, drafted as a suggestion where it is another host than the base URL's. */
function hostToConfirm(draft: Draft, baseUrl: string, url: string, where: string, out: string): string[] {
  try {
    allowedLink(baseUrl, url, []);
    draft.found.push(`(no allowHosts needed) ← ${where}: its url is on the base URL's origin, which the run follows`);
    return [];
  } catch (err) {
    if (!(err instanceof LinkNotAllowed)) throw err;
    if (!err.allowable) {
      draft.notRead.push(`the transcript link's host: ${where}: its url cannot be followed (${err.message})`);
      return [];
    }
    const host = err.host;
    if (fixturesSchemaErrors({ allowHostsToConfirm: [host] }, FIXTURES_SCHEMA).length > 0) {
      draft.notRead.push(`the transcript link's host: ${shortText(host, 80)} (${where}) is no host name; left out`);
      return [];
    }
    draft.fixtures.allowHostsToConfirm = [host];
    return [
      `allowHostsToConfirm = ["${host}"] ← ${where}: the transcript url is on ${host}, not the base URL's host.`,
      `    The run follows a link only on a host you trust, and never with the key; init allows none. To allow`,
      `    it, move "${host}" to "allowHosts" in ${out} (or run with --allow-host ${host}); until then`,
      `    meeting.transcript.link-answers skips, naming it.`,
    ];
  }
}
