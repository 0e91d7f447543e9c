import type { Context } from '../context.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';
import { findRecord, param, recordReply } from './common.js';

/** Notes are read-only here; no write route exists, so writes answer 405. */
function getNote(ctx: Context): Reply {
  return recordReply(ctx, findRecord(ctx, 'note', param(ctx, 'note_id')));
}

export const noteRoutes: Route[] = [route('GET', '/note/:note_id', getNote)];
