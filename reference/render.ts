import { attributesOf, type AttributeDef } from './attributes/index.js';
import type { Org, StoredRecord } from './model.js';
import type { Profile } from './profile.js';

export interface RenderEnv {
  org: Org;
  profile: Profile;
}

function renderValue(def: AttributeDef, value: unknown, profile: Profile): unknown {
  if (value === null || value === undefined) return null;
  if (def.type === 'timestamp') return profile.formatTimestamp(value as number);
  if (def.type === 'created_source_form_submission_details') {
    const details = value as Record<string, unknown>;
    const at = details['source_event_occurred_at'];
    return { ...details, source_event_occurred_at: typeof at === 'number' ? profile.formatTimestamp(at) : at };
  }
  // copies, so a response never aliases stored state
  return typeof value === 'object' ? structuredClone(value) : value;
}

function systemValue(record: StoredRecord, name: string): unknown {
  switch (name) {
    case 'id':
      return record.id;
    case 'organization_id':
      return record.orgId;
    case 'created_at':
      return record.createdAt;
    case 'updated_at':
      return record.updatedAt;
    default:
      return record.attrs[name];
  }
}

/** `{ value, value_type }` of one attribute of `record`; an array of those for a multi-valued one. */
function renderOne(def: AttributeDef, record: StoredRecord, env: RenderEnv): unknown {
  const value = systemValue(record, def.name);
  if (!def.multi) return { value: renderValue(def, value, env.profile), value_type: def.type };
  const items = Array.isArray(value) ? value : [];
  return env.profile.orderItems(items).map((item) => ({
    value: renderValue(def, item, env.profile),
    value_type: def.type,
  }));
}

/** `{ value, value_type }` for every attribute; arrays of those for multi-valued ones. */
export function renderAttributes(record: StoredRecord, env: RenderEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const def of attributesOf(env.org, record.type, env.profile)) {
    if (!def.hidden) out[def.name] = renderOne(def, record, env);
  }
  return out;
}

/**
 * `renderAttributes(record, env)[name]`, rendering that attribute alone: a match against every record of
 * a type (relationship-targets.ts) reads one attribute of each.
 */
export function renderAttribute(record: StoredRecord, env: RenderEnv, name: string): unknown {
  let out: unknown;
  for (const def of attributesOf(env.org, record.type, env.profile)) {
    if (!def.hidden && def.name === name) out = renderOne(def, record, env);
  }
  return out;
}

/** The record envelope of the spec, in its field order. */
export function renderRecord(record: StoredRecord, env: RenderEnv): Record<string, unknown> {
  return {
    id: record.id,
    created_at: env.profile.formatTimestamp(record.createdAt),
    updated_at: env.profile.formatTimestamp(record.updatedAt),
    attributes: renderAttributes(record, env),
    record_type: record.type,
  };
}

export function single(record: StoredRecord, env: RenderEnv): { data: Record<string, unknown> } {
  return { data: renderRecord(record, env) };
}
