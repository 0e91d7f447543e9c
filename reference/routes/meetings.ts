import { createHmac } from 'node:crypto';
import type { Context } from '../context.js';
import { apiError } from '../errors.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';
import { findRecord, param, recordReply } from './common.js';

/** How long a pre-signed transcript link stays valid. */
export const TRANSCRIPT_TTL_MS = 15 * 60 * 1000;
const SIGNING_SECRET = 'reference-transcript-signing';

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
  const path = `/transcripts/${meeting.orgId}/${meeting.id}`;
  const signature = createHmac('sha256', SIGNING_SECRET).update(`${path}:${expires}`).digest('hex');
  const url = `https://files.reference.example${path}?expires=${Math.floor(expires / 1000)}&signature=${signature}`;
  return {
    status: 200,
    body: { data: { url, expires_at: ctx.profile.formatTimestamp(expires), format: ctx.profile.transcriptFormat } },
  };
}

export const meetingRoutes: Route[] = [
  route('GET', '/meeting/:meeting_id', getMeeting),
  route('GET', '/meeting/:meeting_id/transcript', getTranscript),
];
