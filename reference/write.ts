import { randomUUID } from 'node:crypto';
import { attributesOf } from './attributes/index.js';
import type { Context } from './context.js';
import { ApiError, apiError, invalid, validationError, type ValidationIssue } from './errors.js';
import type { StoredRecord, User } from './model.js';
import { isObject, parseAttribute } from './values.js';

export type WriteMode = 'create' | 'update';

/**
 * The top level of a write body: an object holding `attributes` and nothing else
 * (upsert also allows `match`). Returns the attributes object.
 */
export function attributesOfBody(
  body: Record<string, unknown> | undefined,
  allowed: readonly string[] = ['attributes'],
): Record<string, unknown> {
  if (body === undefined) throw invalid(['body'], 'missing', 'A JSON request body is required');
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length > 0) {
    throw validationError(
      extra.map((k) => ({ loc: ['body', k], type: 'extra_forbidden', msg: `Unexpected top-level key ${k}` })),
    );
  }
  const attributes = body['attributes'];
  if (attributes === undefined) throw invalid(['body', 'attributes'], 'missing', 'attributes is required');
  if (!isObject(attributes)) throw invalid(['body', 'attributes'], 'dict_type', 'attributes must be an object');
  return attributes;
}

/** variation empty-patch-refused: a patch with no attribute is a 422, as the spec states for tasks. */
export function refuseEmptyPatch(ctx: Context, attributes: Record<string, unknown>): Record<string, unknown> {
  if (ctx.variations.has('empty-patch-refused') && Object.keys(attributes).length === 0) {
    throw validationError(
      [{ loc: ['body', 'attributes'], type: 'too_short', msg: 'attributes must set at least one field' }],
      422,
    );
  }
  return attributes;
}

/** Check names, writability, types and values of written attributes; returns stored values. */
export function parseAttributes(
  ctx: Context,
  type: string,
  attributes: Record<string, unknown>,
  mode: WriteMode,
): Record<string, unknown> {
  const defs = new Map(attributesOf(ctx.org, type, ctx.profile).map((d) => [d.name, d]));
  const unknown = Object.keys(attributes).filter((name) => !defs.has(name));
  if (unknown.length > 0) {
    throw apiError(422, 'unknown_field', `Unknown attribute ${unknown[0]}`, { field: unknown[0], fields: unknown });
  }
  for (const name of Object.keys(attributes)) {
    const access = defs.get(name)?.access;
    if (access === 'ro') throw apiError(422, 'field_not_writable', `${name} is not writable`, { field: name });
    if (access === 'update' && mode === 'create')
      throw apiError(422, 'field_not_creatable', `${name} cannot be set on create`, { field: name });
    if (access === 'create' && mode === 'update')
      throw apiError(422, 'field_not_updatable', `${name} cannot be changed on update`, { field: name });
  }
  const parsed: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  let firstOther: ApiError | undefined;
  for (const [name, raw] of Object.entries(attributes)) {
    const def = defs.get(name);
    if (!def) continue;
    try {
      parsed[name] = parseAttribute(def, raw, ctx, ['body', 'attributes', name]);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 400) issues.push(...((err.details?.['all_errors'] ?? []) as ValidationIssue[]));
      else firstOther ??= err;
    }
  }
  // type errors (400) are reported before value errors (422), all of them at once
  if (issues.length > 0) throw validationError(issues);
  if (firstOther) throw firstOther;
  const required = [...defs.values()].filter((d) => d.required);
  if (mode === 'create') {
    const missing = required.filter((d) => parsed[d.name] === undefined || parsed[d.name] === null).map((d) => d.name);
    if (missing.length > 0) {
      throw apiError(422, 'field_required_missing', `Required attribute ${missing[0]} is missing`, {
        field: missing[0],
        fields: missing,
      });
    }
  } else {
    const cleared = required.find((d) => parsed[d.name] === null);
    if (cleared)
      throw apiError(422, 'field_value_invalid', `${cleared.name} cannot be cleared`, {
        field: cleared.name,
        reason: 'required',
      });
  }
  return parsed;
}

export function userRef(user: User): { related_record_id: string; related_record_type: string } {
  return { related_record_id: user.id, related_record_type: 'user' };
}

/** A new record of the caller's org, with ownership attributes filled in. */
export function newRecord(ctx: Context, type: string, attrs: Record<string, unknown>): StoredRecord {
  const now = ctx.clock.now();
  return {
    id: randomUUID(),
    orgId: ctx.org.id,
    type,
    createdAt: now,
    updatedAt: now,
    attrs: {
      created_by_user_id: userRef(ctx.user),
      updated_by_user_id: userRef(ctx.user),
      owner_user_id: userRef(ctx.user),
      owner_team_id: { related_record_id: ctx.org.teamId, related_record_type: 'team' },
      participant_user_id_list: [userRef(ctx.user)],
      ...attrs,
    },
  };
}

/** Apply a partial update: unspecified attributes stay, updated_at advances. */
export function applyPatch(ctx: Context, record: StoredRecord, attrs: Record<string, unknown>): void {
  Object.assign(record.attrs, attrs, { updated_by_user_id: userRef(ctx.user) });
  record.updatedAt = ctx.clock.now();
}

/** Archive once: a repeated DELETE keeps the first archived_at. */
export function archive(ctx: Context, record: StoredRecord): void {
  if (record.attrs['archived_at'] != null) return;
  const now = ctx.clock.now();
  record.attrs['archived_at'] = now;
  record.attrs['archived_by_user_id'] = userRef(ctx.user);
  record.updatedAt = now;
}
