import { randomUUID } from 'node:crypto';
import type { AttributeDef } from './attributes/index.js';
import { ITEM_LABELS } from './attributes/types.js';
import { apiError, invalid, type Loc } from './errors.js';

/** contact_email, contact_phone_number and account_domain items, as stored. */
export interface ChannelItem {
  id: string;
  is_primary: boolean;
  labels: string[];
  email?: string;
  phone_number?: string;
}

export interface DomainItem {
  domain_name: string;
  is_primary: boolean;
}

const CHANNEL_KEY: Record<string, 'email' | 'phone_number' | 'domain_name'> = {
  contact_email: 'email',
  contact_phone_number: 'phone_number',
  account_domain: 'domain_name',
};

function fail(def: AttributeDef, reason: string): Error {
  return apiError(422, 'field_value_invalid', `Invalid value for ${def.name}: ${reason}`, { field: def.name, reason });
}

/** Labels must each be PERSONAL, WORK or MOBILE; `oneAtMost` (variation phone-item-one-label): one label or none. */
export function parseLabels(value: unknown, loc: Loc, field: string, oneAtMost = false): string[] {
  if (!Array.isArray(value) || value.some((l) => typeof l !== 'string')) {
    throw invalid(loc, 'list_type', 'labels must be an array of strings');
  }
  const bad = value.filter((l) => !(ITEM_LABELS as readonly string[]).includes(l as string));
  if (bad.length > 0) {
    throw apiError(422, 'field_value_invalid', `Unknown label ${String(bad[0])}`, { field, reason: 'unknown label' });
  }
  if (oneAtMost && value.length > 1)
    throw apiError(422, 'field_value_invalid', 'A phone item holds one label at most', { field, reason: 'labels' });
  return [...(value as string[])];
}

/** A plain string (the channel value) or an object with the item's fields; `oneLabel`: see parseLabels. */
export function parseItem(def: AttributeDef, value: unknown, loc: Loc, oneLabel = false): ChannelItem | DomainItem {
  const key = CHANNEL_KEY[def.type] ?? 'email';
  const fields: Record<string, unknown> =
    typeof value === 'string' ? { [key]: value } : (value as Record<string, unknown>);
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    throw invalid(loc, 'object_type', `${def.name} items must be strings or objects`);
  const allowed = key === 'domain_name' ? [key, 'is_primary'] : [key, 'is_primary', 'labels', 'id'];
  const extra = Object.keys(fields).filter((k) => !allowed.includes(k));
  if (extra.length > 0) throw fail(def, `unknown item fields ${extra.join(', ')}`);
  const channel = fields[key];
  if (typeof channel !== 'string') throw invalid([...loc, key], 'string_type', `${key} must be a string`);
  if (channel.trim() === '' || /\s/.test(channel.trim())) throw fail(def, `invalid ${key}`);
  if (key === 'email' && !/^[^\s@]+@[^\s@]+$/.test(channel)) throw fail(def, 'not an email address');
  const isPrimary = fields['is_primary'] ?? false;
  if (typeof isPrimary !== 'boolean')
    throw invalid([...loc, 'is_primary'], 'bool_type', 'is_primary must be a boolean');
  if (key === 'domain_name') return { domain_name: channel, is_primary: isPrimary };
  const labels =
    fields['labels'] === undefined ? [] : parseLabels(fields['labels'], [...loc, 'labels'], def.name, oneLabel);
  return { id: randomUUID(), [key]: channel, is_primary: isPrimary, labels };
}

/** One primary at most; the first item becomes primary when none is; no duplicates. */
export function finishList(def: AttributeDef, items: unknown[]): unknown[] {
  const key = CHANNEL_KEY[def.type];
  if (!key) return items;
  const typed = items as (ChannelItem | DomainItem)[];
  if (typed.filter((i) => i.is_primary).length > 1) throw fail(def, 'more than one primary item');
  const values = typed.map((i) => String((i as unknown as Record<string, unknown>)[key]).toLowerCase());
  if (new Set(values).size !== values.length) throw fail(def, 'duplicate items');
  const first = typed[0];
  if (first && !typed.some((i) => i.is_primary)) first.is_primary = true;
  return typed;
}
