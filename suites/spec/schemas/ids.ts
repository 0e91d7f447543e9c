/**
 * Every schema id, as the tail of its `$id` (https://pra.invalid/schemas/<tail>).
 * `.invalid` makes plain that the ids are names, never fetched URLs.
 * index.ts refuses to load if the registered schemas and this list differ.
 */
export const SCHEMA_BASE = 'https://pra.invalid/schemas/';

export const VALUE_TYPE_NAMES = [
  'uuid',
  'string',
  'long_text',
  'rich_text',
  'number',
  'boolean',
  'timestamp',
  'enum',
  'url',
  'email',
  'phone_number',
  'currency',
  'address',
  'record_reference',
  'select',
  'contact_stage',
  'account_stage',
  'opportunity_stage',
  'contact_email',
  'contact_phone_number',
  'account_domain',
  'meeting_participant',
  'created_source_form_submission_details',
] as const;
export type ValueTypeName = (typeof VALUE_TYPE_NAMES)[number];

export const RECORD_KINDS = ['contact', 'account', 'opportunity', 'task', 'note', 'meeting', 'custom-object'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const SCHEMA_IDS = [
  'defs/uuid',
  'defs/timestamp',
  'defs/contact-item-labels',
  'defs/record-reference-shape',
  ...VALUE_TYPE_NAMES.map((n) => `value-types/${n}` as const),
  'value-types/typed-value',
  'value-types/attribute',
  'records/envelope',
  ...RECORD_KINDS.map((k) => `records/${k}` as const),
  'envelopes/single',
  ...RECORD_KINDS.map((k) => `envelopes/single/${k}` as const),
  'envelopes/parent-ref',
  'envelopes/relationship-item',
  'envelopes/contact-account-item',
  'envelopes/relationship-post',
  'envelopes/relationship-page',
  'envelopes/upsert',
  'envelopes/phone-item-patch',
  'envelopes/transcript',
  'errors/request-validation-failed-details',
  'errors/error-body',
  'requests/attributes-body',
  'requests/task-patch-body',
  'requests/upsert-body',
  'requests/relationship-post-body',
  'requests/phone-item-patch-body',
  'requests/select-envelope',
  'requests/contact-create-body',
] as const;

export type SchemaId = (typeof SCHEMA_IDS)[number];

export type SchemaUri = `${typeof SCHEMA_BASE}${SchemaId}`;

export function schemaUri<const Id extends SchemaId>(id: Id): `${typeof SCHEMA_BASE}${Id}` {
  return `${SCHEMA_BASE}${id}`;
}

/** `{ $ref }` to another registered schema, by absolute `$id` (typo-safe through SchemaId). */
export function ref(id: SchemaId): { $ref: SchemaUri } {
  return { $ref: schemaUri(id) };
}

/** The schema id tail of an absolute `$id`, or undefined when it is not one of ours. */
export function idTail(uri: string): SchemaId | undefined {
  if (!uri.startsWith(SCHEMA_BASE)) return undefined;
  const tail = uri.slice(SCHEMA_BASE.length);
  return (SCHEMA_IDS as readonly string[]).includes(tail) ? (tail as SchemaId) : undefined;
}
