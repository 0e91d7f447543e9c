import { attributeOf, customObjectOf, type AttributeDef } from '../attributes/index.js';
import type { Context } from '../context.js';
import { apiError, type ApiError } from '../errors.js';
import { single } from '../render.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';
import { isObject, parseAttribute } from '../values.js';
import { applyPatch, archive, attributesOfBody, refuseEmptyPatch, newRecord, parseAttributes } from '../write.js';
import { deletedReply, findRecord, param, recordReply } from './common.js';
import { readRelationship } from './relationships.js';

const OBJECT = '/:custom_object_api_name';

function objectType(ctx: Context): string {
  return param(ctx, 'custom_object_api_name');
}

function missingMatchKey(reason: string): ApiError {
  return apiError(422, 'missing_match_key', `Upsert needs match.field and match.value: ${reason}`, {
    field: 'match',
    reason,
  });
}

/** The `match` object of an upsert, checked: the field must be one the object matches on. */
function matchOf(ctx: Context, type: string): { field: string; value: unknown; stored: unknown; def: AttributeDef } {
  const match = ctx.body?.['match'];
  if (match === undefined || match === null) throw missingMatchKey('match is missing');
  if (!isObject(match)) throw missingMatchKey('match is not an object');
  const field = match['field'];
  const value = match['value'];
  if (field === undefined || field === null || field === '') throw missingMatchKey('match.field is missing');
  if (value === undefined || value === null) throw missingMatchKey('match.value is missing');
  const def = typeof field === 'string' ? attributeOf(ctx.org, type, ctx.profile, field) : undefined;
  const matchable = customObjectOf(ctx.org, type)?.matchFields ?? [];
  if (typeof field !== 'string' || !def || !matchable.includes(field)) {
    throw apiError(422, 'invalid_matching_field', `${JSON.stringify(field)} is not a matching field of ${type}`, {
      field,
      matchable_fields: matchable,
    });
  }
  return { field, value, def, stored: parseAttribute(def, value, ctx, ['body', 'match', 'value']) };
}

/**
 * Update the active record whose match field equals the value, else create one. Everything
 * from lookup to insert is synchronous, so concurrent upserts can never create twins.
 */
function upsert(ctx: Context): Reply {
  const type = objectType(ctx);
  const attributes = attributesOfBody(ctx.body, ['attributes', 'match']);
  const { field, value, stored, def } = matchOf(ctx, type);
  const sent = attributes[field];
  if (
    sent !== undefined &&
    JSON.stringify(parseAttribute(def, sent, ctx, ['body', 'attributes', field])) !== JSON.stringify(stored)
  ) {
    throw apiError(422, 'field_value_invalid', `attributes.${field} differs from match.value`, {
      field,
      reason: 'conflicts with match.value',
    });
  }
  // fault upsert-duplicates: every upsert creates, never matching an existing record
  const found = ctx.faults.has('upsert-duplicates')
    ? []
    : ctx.store
        .list(ctx.org.id, type)
        // variation upsert-updates-archived: an archived record's match value still finds it
        .filter(
          (r) =>
            (r.attrs['archived_at'] == null || ctx.variations.has('upsert-updates-archived')) &&
            JSON.stringify(r.attrs[field]) === JSON.stringify(stored),
        );
  // a patch may give a record another's match value: then the match finds more than one record
  // (fault upsert-ambiguous-updates-first: the first found is updated)
  if (found.length > 1 && !ctx.faults.has('upsert-ambiguous-updates-first'))
    throw apiError(409, 'ambiguous_match', `More than one ${type} record has ${field} ${JSON.stringify(value)}`, {
      field,
      count: found.length,
    });
  const existing = found[0];
  const meta = { matched_on: { field, value } };
  if (existing) {
    applyPatch(ctx, existing, parseAttributes(ctx, type, attributes, 'update'));
    // variation upsert-update-201: an upsert answers 201 whether it created or updated
    return { status: ctx.variations.has('upsert-update-201') ? 201 : 200, body: { ...single(existing, ctx), meta } };
  }
  const parsed = parseAttributes(ctx, type, attributes, 'create');
  const record = ctx.store.insert(newRecord(ctx, type, { ...parsed, [field]: stored }));
  return { status: ctx.profile.createdStatus, body: { ...single(record, ctx), meta } };
}

function getRecord(ctx: Context): Reply {
  return recordReply(ctx, findRecord(ctx, objectType(ctx), param(ctx, 'record_id')));
}

function patchRecord(ctx: Context): Reply {
  const record = findRecord(ctx, objectType(ctx), param(ctx, 'record_id'));
  applyPatch(
    ctx,
    record,
    parseAttributes(ctx, record.type, refuseEmptyPatch(ctx, attributesOfBody(ctx.body)), 'update'),
  );
  return recordReply(ctx, record);
}

function archiveRecord(ctx: Context): Reply {
  const record = findRecord(ctx, objectType(ctx), param(ctx, 'record_id'));
  archive(ctx, record);
  return deletedReply(ctx, single(record, ctx));
}

/** The relationship read takes its parent type from the path. */
function readRelationships(ctx: Context): Reply {
  return readRelationship(objectType(ctx), 'record_id')(ctx);
}

export const customObjectRoutes: Route[] = [
  route('POST', `${OBJECT}/_upsert`, upsert),
  route('GET', `${OBJECT}/:record_id`, getRecord, false),
  route('PATCH', `${OBJECT}/:record_id`, patchRecord),
  route('DELETE', `${OBJECT}/:record_id`, archiveRecord),
  route('GET', `${OBJECT}/:record_id/relationship/:api_name`, readRelationships),
];
