import type { Context } from '../context.js';
import { validationError } from '../errors.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';
import { single } from '../render.js';
import { applyPatch, archive, attributesOfBody, parseAttributes, userRef } from '../write.js';
import { deletedReply, findRecord, param, recordReply } from './common.js';

const COMPLETED = 'COMPLETED';
/** "account and pipeline relationships are not patchable here" */
const RELATIONSHIPS = ['account_id', 'pipeline_id', 'account', 'pipeline'];

function getTask(ctx: Context): Reply {
  return recordReply(ctx, findRecord(ctx, 'task', param(ctx, 'task_id')));
}

/** attributes required and non-empty; COMPLETED stamps completed_at/by, leaving it clears them. */
function patchTask(ctx: Context): Reply {
  const record = findRecord(ctx, 'task', param(ctx, 'task_id'));
  const attributes = attributesOfBody(ctx.body);
  if (Object.keys(attributes).length === 0) {
    // the spec: "An attributes object with zero set fields is rejected with 422"
    throw validationError(
      [{ loc: ['body', 'attributes'], type: 'too_short', msg: 'attributes must set at least one field' }],
      422,
    );
  }
  // variation task-relationships-ignored: they are dropped, not refused (a patch of nothing else changes nothing)
  const written = ctx.variations.has('task-relationships-ignored')
    ? Object.fromEntries(Object.entries(attributes).filter(([k]) => !RELATIONSHIPS.includes(k)))
    : attributes;
  const parsed = parseAttributes(ctx, 'task', written, 'update');
  if (Object.keys(parsed).length === 0) return recordReply(ctx, record);
  const wasCompleted = record.attrs['status'] === COMPLETED;
  applyPatch(ctx, record, parsed);
  const isCompleted = record.attrs['status'] === COMPLETED;
  if (isCompleted && !wasCompleted) {
    record.attrs['completed_at'] = record.updatedAt;
    record.attrs['completed_by_user_id'] = userRef(ctx.user);
    // variation task-complete-sets-more: completing also sets a disposition the patch did not send
    if (ctx.variations.has('task-complete-sets-more') && !('disposition' in parsed))
      record.attrs['disposition'] = 'done';
  } else if (!isCompleted && wasCompleted) {
    record.attrs['completed_at'] = null;
    record.attrs['completed_by_user_id'] = null;
  }
  return recordReply(ctx, record);
}

function archiveTask(ctx: Context): Reply {
  const record = findRecord(ctx, 'task', param(ctx, 'task_id'));
  archive(ctx, record);
  return deletedReply(ctx, single(record, ctx));
}

export const taskRoutes: Route[] = [
  route('GET', '/task/:task_id', getTask, false),
  route('PATCH', '/task/:task_id', patchTask),
  route('DELETE', '/task/:task_id', archiveTask),
];
