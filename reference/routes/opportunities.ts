import type { Context } from '../context.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';
import { single } from '../render.js';
import { attributesOfBody, newRecord, parseAttributes } from '../write.js';
import { createdReply, findRecord, param, recordReply } from './common.js';

function createOpportunity(ctx: Context): Reply {
  const parsed = parseAttributes(ctx, 'opportunity', attributesOfBody(ctx.body), 'create');
  const now = ctx.clock.now();
  const record = ctx.store.insert(newRecord(ctx, 'opportunity', { stage_last_shifted_at: now, ...parsed }));
  return createdReply(ctx, single(record, ctx));
}

function getOpportunity(ctx: Context): Reply {
  return recordReply(ctx, findRecord(ctx, 'opportunity', param(ctx, 'opportunity_id')));
}

export const opportunityRoutes: Route[] = [
  route('POST', '/opportunity', createOpportunity),
  route('GET', '/opportunity/:opportunity_id', getOpportunity, false),
];
