import type { Context } from '../context.js';
import { apiError } from '../errors.js';
import type { StoredRecord } from '../model.js';
import { single } from '../render.js';
import type { Reply } from '../respond.js';

/** The record of this type in the caller's org; another org's record is "not found" too. */
export function findRecord(ctx: Context, type: string, id: string | undefined): StoredRecord {
  const record = id === undefined ? undefined : ctx.store.get(ctx.org.id, type, id);
  // variation archived-not-addressable: an archived record answers as a missing one
  const gone = record?.attrs['archived_at'] != null && ctx.variations.has('archived-not-addressable');
  // variation other-org-403: another organization's record is forbidden, not missing
  if (!record && id !== undefined && ctx.variations.has('other-org-403') && ofAnotherOrg(ctx, type, id))
    throw apiError(403, 'record_not_found', `The ${type} ${id} is not this organization's`, {
      record_type: type,
      record_id: id,
    });
  if (!record || gone)
    throw apiError(404, 'record_not_found', `No ${type} with id ${id ?? ''}`, {
      record_type: type,
      record_id: id ?? null,
    });
  return record;
}

function ofAnotherOrg(ctx: Context, type: string, id: string): boolean {
  return [...ctx.store.orgs.keys()].some((org) => org !== ctx.org.id && ctx.store.get(org, type, id) !== undefined);
}

export function param(ctx: Context, name: string): string {
  return ctx.params[name] ?? '';
}

/** `{ data: record }` with the given status. */
export function recordReply(ctx: Context, record: StoredRecord, status = 200): Reply {
  return { status, body: single(record, ctx) };
}

/** A POST that made something new: 201 in the default profile, 200 in the alternate. */
export function createdReply(ctx: Context, body: unknown): Reply {
  return { status: ctx.profile.createdStatus, body };
}

/** A DELETE: 200 with a body in the default profile, 204 empty in the alternate. */
export function deletedReply(ctx: Context, body: unknown): Reply {
  return ctx.profile.deleteStatus === 204 ? { status: 204 } : { status: 200, body };
}
