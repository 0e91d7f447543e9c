import { randomUUID } from 'node:crypto';
import type { Context } from '../context.js';
import { apiError, invalid } from '../errors.js';
import { parseLabels, type ChannelItem } from '../items.js';
import type { StoredRecord } from '../model.js';
import type { Reply } from '../respond.js';
import { route, type Route } from '../router.js';
import { applyPatch, attributesOfBody, refuseEmptyPatch, newRecord, parseAttributes } from '../write.js';
import { findRecord, param, recordReply } from './common.js';

/** display_name is derived: first and last name, skipping empty parts. */
export function deriveDisplayName(record: StoredRecord): void {
  const parts = [record.attrs['first_name'], record.attrs['last_name']]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => p.trim());
  record.attrs['display_name'] = parts.join(' ');
}

function createContact(ctx: Context): Reply {
  const attributes = attributesOfBody(ctx.body);
  const parsed = parseAttributes(ctx, 'contact', attributes, 'create');
  const record = newRecord(ctx, 'contact', parsed);
  deriveDisplayName(record);
  // variation contact-lists-not-on-create: the email items come from the product, primary_email's first
  const email = record.attrs['primary_email'];
  if (ctx.variations.has('contact-lists-not-on-create') && typeof email === 'string')
    record.attrs['contact_emails'] = [{ id: randomUUID(), email, is_primary: true, labels: [] }];
  ctx.store.insert(record);
  // the spec states 201 for contact create, in every profile
  return recordReply(ctx, record, 201);
}

function getContact(ctx: Context): Reply {
  return recordReply(ctx, findRecord(ctx, 'contact', param(ctx, 'contact_id')));
}

function patchContact(ctx: Context): Reply {
  const record = findRecord(ctx, 'contact', param(ctx, 'contact_id'));
  const parsed = parseAttributes(ctx, 'contact', refuseEmptyPatch(ctx, attributesOfBody(ctx.body)), 'update');
  applyPatch(ctx, record, parsed);
  deriveDisplayName(record);
  return recordReply(ctx, record);
}

const PHONE_ITEM_KEYS = ['is_primary', 'labels'];

/** PATCH one phone item: is_primary and labels only; phone_number is immutable. */
function patchPhoneNumber(ctx: Context): Reply {
  const record = findRecord(ctx, 'contact', param(ctx, 'contact_id'));
  const items = (record.attrs['contact_phone_numbers'] ?? []) as ChannelItem[];
  const itemId = param(ctx, 'item_id');
  const item = items.find((i) => i.id === itemId);
  if (!item)
    throw apiError(404, 'record_not_found', `No phone number item ${itemId}`, {
      record_type: 'contact_phone_number',
      record_id: itemId,
    });
  const body = ctx.body;
  if (body === undefined) throw invalid(['body'], 'missing', 'A JSON request body is required');
  if ('phone_number' in body)
    throw apiError(422, 'field_not_updatable', 'phone_number cannot be changed', { field: 'phone_number' });
  const unknown = Object.keys(body).filter((k) => !PHONE_ITEM_KEYS.includes(k));
  if (unknown.length > 0)
    throw apiError(422, 'unknown_field', `Unknown field ${unknown[0]}`, { field: unknown[0], fields: unknown });
  const isPrimary = body['is_primary'];
  if (isPrimary !== undefined && typeof isPrimary !== 'boolean')
    throw invalid(['body', 'is_primary'], 'bool_type', 'is_primary must be a boolean');
  const oneLabel = ctx.variations.has('phone-item-one-label');
  const labels =
    body['labels'] === undefined ? undefined : parseLabels(body['labels'], ['body', 'labels'], 'labels', oneLabel);
  // "the last primary item of a multi-valued attribute cannot be removed": nor made non-primary (strict reading)
  if (isPrimary === false && item.is_primary && !items.some((i) => i !== item && i.is_primary))
    throw apiError(409, 'cannot_remove_last_primary', 'The only primary phone number cannot be made non-primary', {
      field: 'contact_phone_numbers',
      item_id: item.id,
    });
  if (labels) item.labels = labels;
  if (isPrimary === true) for (const other of items) other.is_primary = other === item;
  if (isPrimary === false) item.is_primary = false;
  applyPatch(ctx, record, {});
  const envelope = {
    id: item.id,
    is_primary: item.is_primary,
    labels: [...item.labels],
    phone_number: item.phone_number,
  };
  return { status: 200, body: { data: { id: item.id, envelope } } };
}

export const contactRoutes: Route[] = [
  route('POST', '/contact', createContact),
  route('GET', '/contact/:contact_id', getContact),
  route('PATCH', '/contact/:contact_id', patchContact),
  route('PATCH', '/contact/:contact_id/attribute/contact_phone_numbers/:item_id', patchPhoneNumber),
];
