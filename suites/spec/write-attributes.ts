import type { Operations, StatedEndpoint } from './operations.js';

/**
 * "Each attribute may be written in either form": 1. the raw value, 2. the enveloped
 * `{ value_type, value }`, the same shape reads emit. (Stage and other selects have forms of their
 * own: write.stage-by-name, write.stage-enveloped.)
 */
export const WRITE_FORMS = ['raw', 'enveloped'] as const;
export type WriteForm = (typeof WRITE_FORMS)[number];

/** The request bodies of the table that carry `attributes` (ATTRIBUTE_BODIES, at the type level). */
type AttributeBody =
  'requests/attributes-body' | 'requests/contact-create-body' | 'requests/task-patch-body' | 'requests/upsert-body';

/** The stated writes whose body carries attributes: the operations a value's write forms are tried on. */
export type AttributeWrite = {
  [E in StatedEndpoint]: Operations[E]['request'] extends AttributeBody ? E : never;
}[StatedEndpoint];

/** An attribute the spec names on a write, with the value_type reads emit for it (its envelope's). */
export type StatedAttributes = Readonly<Record<string, string>>;

/** The standard string fields the contact create names ("string forms"), and primary_email. */
const CONTACT_FIELDS = {
  first_name: 'string',
  last_name: 'string',
  middle_name: 'string',
  title: 'string',
  primary_email: 'email',
} as const;

/**
 * The attributes the spec states on each write whose body carries attributes (stage aside, whose
 * select forms have rules of their own), with their value types from the spec's attribute lists;
 * `workspace` where the attributes are the workspace's own (custom objects: the fixtures' samples, as
 * the server typed them). A new write with attributes in the operation table does not compile until
 * it has its row here, and every row is tried in each of WRITE_FORMS (suites/write-forms.checks.ts).
 */
export const STATED_ATTRIBUTES: Readonly<Record<AttributeWrite, StatedAttributes | 'workspace'>> = {
  // "Contact create request attributes": first_name, last_name, middle_name, title "string forms";
  // primary_email "string or email-typed envelope"
  'POST /contact': CONTACT_FIELDS,
  // "all standard fields optional": the same standard fields, each optional on a patch
  'PATCH /contact/{contact_id}': CONTACT_FIELDS,
  // "Account create attributes shown: display_name (string)."
  'POST /account': { display_name: 'string' },
  // "Opportunity create attributes shown: display_name (string), stage (...), account_id (uuid string)";
  // an opportunity's account_id reads as a record_reference
  'POST /opportunity': { display_name: 'string', account_id: 'record_reference' },
  // "disposition is patchable"; "PATCH with status set to COMPLETED"
  'PATCH /task/{task_id}': { disposition: 'string', status: 'enum' },
  'POST /{custom_object_api_name}/_upsert': 'workspace',
  'PATCH /{custom_object_api_name}/{record_id}': 'workspace',
};
