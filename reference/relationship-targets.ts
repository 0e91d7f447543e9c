import { attributeOf } from './attributes/index.js';
import type { Context } from './context.js';
import { apiError, invalid } from './errors.js';
import type { StoredRecord } from './model.js';
import type { RelationshipKind } from './relationship-kinds.js';
import { renderAttribute } from './render.js';
import { isObject, isUuid } from './values.js';

const TARGET_KEYS = ['related_record_id', 'related_record_match', 'attributes'];

const present = (v: unknown): boolean => v !== undefined && v !== null;

function notFound(kind: RelationshipKind, detail: Record<string, unknown>): Error {
  return apiError(404, 'target_record_not_found', `No ${kind.targetType} matches the relationship target`, {
    record_type: kind.targetType,
    ...detail,
  });
}

/** Whether a rendered attribute equals the match value (any item, for multi-valued ones). */
function attributeEquals(rendered: unknown, value: unknown): boolean {
  const same = (v: unknown): boolean =>
    JSON.stringify(v) === JSON.stringify(value) || (isObject(v) && Object.values(v).includes(value));
  if (Array.isArray(rendered)) return rendered.some((item) => isObject(item) && same(item['value']));
  return isObject(rendered) && same(rendered['value']);
}

function byMatch(ctx: Context, kind: RelationshipKind, match: unknown): StoredRecord {
  if (!isObject(match) || typeof match['field'] !== 'string' || match['value'] === undefined) {
    throw apiError(422, 'invalid_target_identifier', 'related_record_match needs a field (string) and a value', {
      field: 'related_record_match',
    });
  }
  const field = match['field'];
  if (!attributeOf(ctx.org, kind.targetType, ctx.profile, field)) {
    throw apiError(422, 'invalid_matching_field', `${field} is not an attribute of ${kind.targetType}`, { field });
  }
  // faults match-across-organizations (a contact's POST), opportunity-match-across-organizations: the match
  // looks in every organization
  const across =
    kind.parentType === 'contact' ? 'match-across-organizations' : 'opportunity-match-across-organizations';
  const orgs = ctx.faults.has(across) ? [...ctx.store.orgs.keys()] : [ctx.org.id];
  const found = orgs
    .flatMap((org) => ctx.store.list(org, kind.targetType))
    .filter((r) => r.attrs['archived_at'] == null)
    .filter((r) => attributeEquals(renderAttribute(r, ctx, field), match['value']));
  const [first, second] = found;
  if (!first) throw notFound(kind, { field, value: match['value'] });
  // faults ambiguous-match-links-first (a contact's POST), opportunity-ambiguous-match-links-first: the first
  // record found is taken
  const linksFirst =
    kind.parentType === 'contact' ? 'ambiguous-match-links-first' : 'opportunity-ambiguous-match-links-first';
  if (second && !ctx.faults.has(linksFirst))
    throw apiError(409, 'ambiguous_match', `More than one ${kind.targetType} matches`, {
      field,
      value: match['value'],
      count: found.length,
    });
  return first;
}

/**
 * The target of a relationship POST: exactly one of related_record_id and related_record_match.
 * Another organization's record is reported exactly like a missing one.
 */
export function resolveTarget(ctx: Context, kind: RelationshipKind): StoredRecord {
  const body = ctx.body ?? {};
  const id = body['related_record_id'];
  const match = body['related_record_match'];
  if (present(id) === present(match)) {
    throw apiError(422, 'field_value_invalid', 'Send exactly one of related_record_id and related_record_match', {
      field: 'related_record_id',
      reason: present(id) ? 'both sent' : 'neither sent',
    });
  }
  const extra = Object.keys(body).filter((k) => !TARGET_KEYS.includes(k));
  if (extra.length > 0) throw invalid(['body', extra[0] ?? ''], 'extra_forbidden', `Unexpected key ${extra[0] ?? ''}`);
  if (!present(id)) return byMatch(ctx, kind, match);
  if (typeof id !== 'string')
    throw invalid(['body', 'related_record_id'], 'string_type', 'related_record_id must be a string');
  if (!isUuid(id))
    throw apiError(422, 'invalid_target_identifier', 'related_record_id must be a uuid', {
      field: 'related_record_id',
      value: id,
    });
  const target =
    ctx.store.get(ctx.org.id, kind.targetType, id) ??
    // fault other-org-can-link-account: the target is looked up in every organization
    (ctx.faults.has('other-org-can-link-account')
      ? [...ctx.store.orgs.keys()].map((org) => ctx.store.get(org, kind.targetType, id)).find((r) => r)
      : undefined);
  if (!target) throw notFound(kind, { related_record_id: id });
  return target;
}
