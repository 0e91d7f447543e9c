import type { Org, SelectList } from '../model.js';
import type { Profile } from '../profile.js';

/** The value_types of the spec's "Typed attribute values" table. */
export type ValueType =
  | 'uuid'
  | 'string'
  | 'long_text'
  | 'rich_text'
  | 'number'
  | 'boolean'
  | 'timestamp'
  | 'enum'
  | 'url'
  | 'email'
  | 'phone_number'
  | 'currency'
  | 'address'
  | 'record_reference'
  | 'select'
  | 'contact_stage'
  | 'account_stage'
  | 'opportunity_stage'
  | 'contact_email'
  | 'contact_phone_number'
  | 'account_domain'
  | 'meeting_participant'
  | 'created_source_form_submission_details';

/**
 * rw: creatable and updatable; ro: never writable (field_not_writable);
 * update: patchable only (field_not_creatable on create); create: not patchable (field_not_updatable).
 */
export type Access = 'rw' | 'ro' | 'update' | 'create';

export interface AttributeDef {
  name: string;
  type: ValueType;
  multi: boolean;
  access: Access;
  required?: boolean;
  /** accepted on writes only to be refused; never rendered */
  hidden?: boolean;
  enumValues?: (profile: Profile) => readonly string[];
  /** record_reference attributes: the record type referenced */
  target?: string;
  /** select and stage attributes: where their options live */
  selectLists?: (org: Org) => SelectList[];
}

type Extra = Partial<Omit<AttributeDef, 'name' | 'type' | 'access'>>;

/** Several attributes of one type and access, in the spec's order. */
export function attrs(type: ValueType, access: Access, names: string[], extra: Extra = {}): AttributeDef[] {
  return names.map((name) => ({ name, type, access, multi: false, ...extra }));
}

export function many(type: ValueType, access: Access, names: string[], extra: Extra = {}): AttributeDef[] {
  return attrs(type, access, names, { ...extra, multi: true });
}

export function enumOf(values: readonly string[]): Extra {
  return { enumValues: () => values };
}

/** id, organization_id, created_at, updated_at: derived from the record itself. */
export const SYSTEM_ATTRIBUTES = ['id', 'organization_id', 'created_at', 'updated_at'] as const;

export const identity = [
  ...attrs('uuid', 'ro', ['id', 'organization_id']),
  ...attrs('timestamp', 'ro', ['created_at', 'updated_at']),
];

export const ACTIVITY_TIMESTAMPS = [
  'last_activity_at',
  'last_voice_call',
  'last_meeting',
  'last_global_thread',
  'last_engaged_at',
  'last_outreached_at',
  'last_inbound_meeting_at',
  'last_inbound_voice_call_at',
  'last_inbound_global_thread_at',
  'last_outbound_meeting_at',
  'last_outbound_voice_call_at',
  'last_outbound_global_thread_at',
];

export const ITEM_LABELS = ['PERSONAL', 'WORK', 'MOBILE'] as const;
