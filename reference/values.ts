import type { AttributeDef, ValueType } from './attributes/index.js';
import { apiError, invalid, type ApiError, type Loc } from './errors.js';
import { parseItem as parseListItem, finishList } from './items.js';
import type { Org } from './model.js';
import type { Profile } from './profile.js';
import { resolveOption } from './select.js';
import type { Store } from './store.js';

/** What parsing a written attribute needs besides the value itself. */
export interface WriteEnv {
  org: Org;
  store: Store;
  profile: Profile;
  /** the legal variations in force (variations/); absent or empty in the default profile */
  variations?: ReadonlySet<string>;
}

/** Strings longer than this (UTF-8 bytes) are refused with field_value_invalid. */
export const MAX_STRING_BYTES = 64 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const ADDRESS_FIELDS = ['street_one', 'street_two', 'city', 'state', 'country', 'zip_code'] as const;

/** Envelope value_types accepted besides the attribute's own. */
const ALIASES: Partial<Record<ValueType, readonly string[]>> = {
  contact_stage: ['select'],
  account_stage: ['select'],
  opportunity_stage: ['select'],
  record_reference: ['uuid'],
};

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ value_type?, value }`: the read shape, accepted on writes. */
export function isEnvelope(raw: unknown): raw is { value: unknown; value_type?: unknown } {
  return isObject(raw) && 'value' in raw && Object.keys(raw).every((k) => k === 'value' || k === 'value_type');
}

export function valueInvalid(field: string, reason: string): ApiError {
  return apiError(422, 'field_value_invalid', `Invalid value for ${field}: ${reason}`, { field, reason });
}

function wrongType(def: AttributeDef, loc: Loc, expected: string): ApiError {
  return invalid(loc, `${expected}_type`, `${def.name} must be a ${expected}`);
}

/** Parse one written attribute (raw or enveloped, or null) into the stored value. */
export function parseAttribute(def: AttributeDef, raw: unknown, env: WriteEnv, loc: Loc): unknown {
  if (raw === null) return def.multi ? [] : null;
  if (!def.multi) return parseItem(def, raw, env, loc);
  if (!Array.isArray(raw)) throw wrongType(def, loc, 'list');
  const items = raw.map((item, i) => parseItem(def, item, env, [...loc, i]));
  if (items.includes(null)) throw valueInvalid(def.name, 'null item in a list');
  return finishList(def, items);
}

function parseItem(def: AttributeDef, raw: unknown, env: WriteEnv, loc: Loc): unknown {
  let value = raw;
  if (isEnvelope(raw)) {
    const vt = raw.value_type;
    if (vt !== undefined && typeof vt !== 'string')
      throw invalid([...loc, 'value_type'], 'string_type', 'value_type must be a string');
    if (vt !== undefined && vt !== def.type && !ALIASES[def.type]?.includes(vt)) {
      throw valueInvalid(def.name, `value_type ${vt} does not match ${def.type}`);
    }
    value = raw.value;
    if (value === null) return null;
  }
  return parseValue(def, value, env, loc);
}

function parseValue(def: AttributeDef, value: unknown, env: WriteEnv, loc: Loc): unknown {
  switch (def.type) {
    case 'string':
    case 'long_text':
    case 'rich_text':
      return parseText(def, value, env, loc);
    case 'url':
    case 'email':
    case 'phone_number':
    case 'uuid':
    case 'timestamp':
    case 'enum':
      return parseFormatted(def, value, env, loc);
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw wrongType(def, loc, 'number');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw wrongType(def, loc, 'boolean');
      return value;
    case 'currency':
      return parseCurrency(def, value, loc);
    case 'address':
      return parseAddress(def, value, loc);
    case 'record_reference':
      return parseReference(def, value, env, loc);
    case 'select':
    case 'contact_stage':
    case 'account_stage':
    case 'opportunity_stage':
      return resolveOption(def, value, env.org, loc);
    case 'contact_email':
    case 'contact_phone_number':
    case 'account_domain':
      // variation phone-item-one-label: a phone item holds one label at most
      return parseListItem(
        def,
        value,
        loc,
        def.type === 'contact_phone_number' && env.variations?.has('phone-item-one-label'),
      );
    default:
      throw apiError(422, 'field_not_writable', `${def.name} is not writable`, { field: def.name });
  }
}

/** Free text, as the variations in force store it. */
function parseText(def: AttributeDef, value: unknown, env: WriteEnv, loc: Loc): string | null {
  const written =
    def.type === 'string' ? plainString(def, checkedString(def, value, loc), env) : checkedString(def, value, loc);
  // variation strings-c0-stripped: C0 control characters (TAB, CR, LF, …) are removed
  // eslint-disable-next-line no-control-regex -- the C0 range is what the variation strips
  const text = env.variations?.has('strings-c0-stripped') ? written.replace(/[\u0000-\u001f]/g, '') : written;
  // variation empty-string-clears: "" is stored as no value
  if (text === '' && env.variations?.has('empty-string-clears')) return null;
  // variation strings-nfc: text is stored in Unicode normalisation form C
  return env.variations?.has('strings-nfc') ? text.normalize('NFC') : text;
}

/** A plain string (value_type string), as the variations in force limit it. */
function plainString(def: AttributeDef, text: string, env: WriteEnv): string {
  // variation names-capped-40: a name longer than 40 characters is refused
  if (env.variations?.has('names-capped-40') && NAMES.includes(def.name) && Array.from(text).length > 40)
    throw valueInvalid(def.name, 'longer than 40 characters');
  // variation strings-bmp-only: characters outside the Basic Multilingual Plane (emoji, …) are refused
  if (env.variations?.has('strings-bmp-only') && /[\u{10000}-\u{10FFFF}]/u.test(text))
    throw valueInvalid(def.name, 'characters outside the Basic Multilingual Plane');
  // variation strings-html-stripped: HTML tags are removed
  return env.variations?.has('strings-html-stripped') ? text.replace(/<[^>]*>/g, '') : text;
}

const NAMES = ['first_name', 'middle_name', 'last_name', 'display_name'];

/** A string of a format: a URL, an email address, a phone number, a uuid, a timestamp, an enum value. */
function parseFormatted(def: AttributeDef, value: unknown, env: WriteEnv, loc: Loc): unknown {
  const text = checkedString(def, value, loc);
  switch (def.type) {
    case 'url':
      if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol))
        throw valueInvalid(def.name, 'not an http(s) URL');
      return text;
    case 'email':
      if (!/^[^\s@]+@[^\s@]+$/.test(text)) throw valueInvalid(def.name, 'not an email address');
      return text;
    case 'phone_number':
      if (text.trim() === '') throw valueInvalid(def.name, 'empty phone number');
      return text;
    case 'uuid':
      if (!isUuid(text)) throw valueInvalid(def.name, 'not a uuid');
      return value;
    case 'timestamp': {
      const ms = Date.parse(text);
      if (!ISO_TIMESTAMP.test(text) || Number.isNaN(ms)) throw valueInvalid(def.name, 'not an ISO 8601 timestamp');
      return ms;
    }
    default:
      if (!(def.enumValues?.(env.profile) ?? []).includes(text)) throw valueInvalid(def.name, `unknown value ${text}`);
      return text;
  }
}

export function checkedString(def: AttributeDef, value: unknown, loc: Loc): string {
  if (typeof value !== 'string') throw wrongType(def, loc, 'string');
  if (Buffer.byteLength(value) > MAX_STRING_BYTES)
    throw valueInvalid(def.name, `longer than ${MAX_STRING_BYTES} bytes`);
  return value;
}

function parseCurrency(def: AttributeDef, value: unknown, loc: Loc): { amount: string } {
  const amount = isObject(value) ? value['amount'] : value;
  if (isObject(value) && Object.keys(value).some((k) => k !== 'amount'))
    throw valueInvalid(def.name, 'currency takes only amount');
  if (typeof amount === 'number' && Number.isFinite(amount)) return { amount: String(amount) };
  if (typeof amount !== 'string') throw wrongType(def, loc, 'currency');
  if (!DECIMAL.test(amount)) throw valueInvalid(def.name, 'amount is not a decimal number');
  return { amount };
}

function parseAddress(def: AttributeDef, value: unknown, loc: Loc): Record<string, string> {
  if (!isObject(value)) throw wrongType(def, loc, 'object');
  const unknown = Object.keys(value).filter((k) => !(ADDRESS_FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0) throw valueInvalid(def.name, `unknown address fields ${unknown.join(', ')}`);
  const address: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const part = value[field] ?? '';
    if (typeof part !== 'string') throw invalid([...loc, field], 'string_type', `${field} must be a string`);
    address[field] = part;
  }
  return address;
}

/** A uuid string or `{ related_record_id }`; the target must be in the caller's org. */
function parseReference(def: AttributeDef, value: unknown, env: WriteEnv, loc: Loc): unknown {
  const id = isObject(value) ? value['related_record_id'] : value;
  if (typeof id !== 'string') throw wrongType(def, loc, 'string');
  if (!isUuid(id)) throw valueInvalid(def.name, 'not a uuid');
  const type = def.target ?? 'user';
  const found = type === 'user' ? env.store.users.get(id)?.orgId === env.org.id : env.store.get(env.org.id, type, id);
  // another organization's record is reported exactly like a missing one
  if (!found) throw valueInvalid(def.name, `no ${type} with id ${id}`);
  return { related_record_id: id, related_record_type: type };
}
