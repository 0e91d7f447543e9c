import { createHmac } from 'node:crypto';
import type { Context } from '../context.js';
import { apiError } from '../errors.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';
import { findRecord, param, recordReply } from './common.js';

/** How long a pre-signed transcript link stays valid. */
export const TRANSCRIPT_TTL_MS = 15 * 60 * 1000;
const SIGNING_SECRET = 'reference-transcript-signing';

/** Where the pre-signed transcript files are served: outside the base path, with no API key. */
export const TRANSCRIPT_FILES = '/files/transcripts';

function signed(path: string, expiresSeconds: number): string {
  return createHmac('sha256', SIGNING_SECRET).update(`${path}:${expiresSeconds}`).digest('hex');
}

/**
 * GET of a pre-signed transcript link: the file while the signature holds and the link has not
 * expired, else 403 with the error body. Undefined for any other path: not a transcript file.
 */
export function transcriptFile(method: string, rawUrl: string, now: number): Reply | undefined {
  const u = new URL(rawUrl, 'http://reference.invalid');
  if (!u.pathname.startsWith(`${TRANSCRIPT_FILES}/`) || method !== 'GET') return undefined;
  const expires = Number(u.searchParams.get('expires'));
  const good = signed(u.pathname, expires) === u.searchParams.get('signature') && expires * 1000 > now;
  if (!good) throw apiError(403, 'invalid_api_key', 'The link is not signed or has expired', null);
  return { status: 200, raw: 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello.\n', headers: { 'Content-Type': 'text/vtt' } };
}

function getMeeting(ctx: Context): Reply {
  return recordReply(ctx, findRecord(ctx, 'meeting', param(ctx, 'meeting_id')));
}

/** A pre-signed link: absolute https URL whose signature covers the path and expiry. */
function getTranscript(ctx: Context): Reply {
  const meeting = findRecord(ctx, 'meeting', param(ctx, 'meeting_id'));
  if (!meeting.hasTranscript) {
    throw apiError(404, 'record_not_found', 'This meeting has no transcript', {
      record_type: 'transcript',
      meeting_id: meeting.id,
    });
  }
  const expires = ctx.clock.now() + TRANSCRIPT_TTL_MS;
  const path = `${TRANSCRIPT_FILES}/${meeting.orgId}/${meeting.id}`;
  const seconds = Math.floor(expires / 1000);
  // on the server's own origin, outside the base path, as a server that serves its files itself does
  const url = `${ctx.origin ?? 'https://files.reference.example'}${path}?expires=${seconds}&signature=${signed(path, seconds)}`;
  return {
    status: 200,
    body: { data: { url, expires_at: ctx.profile.formatTimestamp(expires), format: ctx.profile.transcriptFormat } },
  };
}

export const meetingRoutes: Route[] = [
  route('GET', '/meeting/:meeting_id', getMeeting),
  route('GET', '/meeting/:meeting_id/transcript', getTranscript),
];
