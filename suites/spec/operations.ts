import { randomUUID } from 'node:crypto';
import { operationTable, type AnyTable } from './operation-row.js';

const SUCCESS_NOT_SHOWN = 'The success status is not shown in the spec (any 2xx).';
/**
 * What a stated read answers for an archived record is not shown ("Archived records, indicated by a
 * non-null `archived_at`" says how one shows where it is read, not that it can be): a 404 is allowed.
 */
const READ_OF_ARCHIVED_NOT_SHOWN = 'allowed';

// Why a write's record has no read-back: the spec states no read of it (its Endpoints tables).
const NO_ACCOUNT_READ = { none: 'no stated read shows an account (GET /account/{account_id} is not stated)' };
const NO_OPPORTUNITY_EDGES_READ = { none: "no stated read lists an opportunity's edges" };
const NO_TASK_READ = { none: 'no stated read shows a task (GET /task/{task_id} is not stated)' };
const NO_CUSTOM_RECORD_READ = {
  none:
    'no stated read shows a custom-object record (its relationship read shows its edges only); a second upsert on ' +
    'its match value does, and that is a write: the custom-object checks send it (suites/steps/custom-object.ts)',
};

/**
 * Every operation the spec states (its Endpoints tables), one row each: the one place an operation
 * is described. Everything per operation derives from it: which operation a request is and what a
 * wrongly accepted one would do (lib/operations, handed in by bin/main.ts), what a create made and how
 * it is archived (lib/safety/created.ts), the fixtures a blocked step names, the OpenAPI document,
 * the coverage map, and the sweeps that go over every operation (suites/sweeps/: 401, invalid key,
 * ids that are not uuids, the read-only key, organization B, JSON answers). CONTRIBUTING.md says
 * how to add one.
 */
export const OPERATIONS = operationTable({
  'POST /contact': {
    summary: 'Create a contact',
    params: {},
    request: 'requests/contact-create-body',
    success: { status: '201', schema: 'envelopes/single/contact', description: 'The created contact.' },
    creates: { what: { type: 'contact' }, archive: { none: 'the spec states no DELETE for contacts' } },
    wronglyAccepted: 'create a contact',
    fixtures: ['contact.stage', 'contact.createAttributes'],
    readBack: 'GET /contact/{contact_id}',
    archived404: null,
    probe: { body: (name) => ({ attributes: { first_name: name } }) },
  },
  'GET /contact/{contact_id}': {
    summary: 'Read a contact',
    params: { contact_id: 'contact id' },
    request: null,
    success: { status: '2XX', schema: 'envelopes/single/contact', description: `The contact. ${SUCCESS_NOT_SHOWN}` },
    creates: null,
    wronglyAccepted: null,
    fixtures: [],
    readBack: 'GET /contact/{contact_id}',
    archived404: READ_OF_ARCHIVED_NOT_SHOWN,
    probe: { body: null },
  },
  'PATCH /contact/{contact_id}': {
    summary: 'Patch a contact (display_name is not patchable)',
    params: { contact_id: 'contact id' },
    request: 'requests/attributes-body',
    success: {
      status: '2XX',
      schema: 'envelopes/single/contact',
      description: `The patched contact. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: 'change a contact',
    fixtures: [],
    readBack: 'GET /contact/{contact_id}',
    archived404: null,
    probe: { body: (name) => ({ attributes: { title: name } }) },
  },
  'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}': {
    summary: 'Patch one phone item of a contact (is_primary, labels; phone_number is immutable)',
    params: { contact_id: 'contact id', item_id: 'phone item id' },
    request: 'requests/phone-item-patch-body',
    success: {
      status: '2XX',
      schema: 'envelopes/phone-item-patch',
      description: `{ data: { id, envelope } }. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: 'change a phone item',
    fixtures: ['contactWithPhoneNumbersId'],
    readBack: 'GET /contact/{contact_id}',
    archived404: null,
    probe: { body: () => ({ labels: ['WORK'] }) },
  },
  'POST /contact/{contact_id}/relationship/{api_name}': {
    summary: 'Link a contact to a record (exactly one of related_record_id or related_record_match)',
    params: { contact_id: 'contact id', api_name: 'relationship api_name' },
    request: 'requests/relationship-post-body',
    success: {
      status: '2XX',
      schema: 'envelopes/relationship-post',
      description: `{ parent, api_name, item }. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: { what: 'edge', archive: { none: "the spec states no removal of a contact's edges" } },
    wronglyAccepted: 'link two records',
    fixtures: ['relationships'],
    // the one stated read of a contact's edges: it shows the links to accounts (READ_BACKS sends those)
    readBack: 'GET /contact/{contact_id}/relationship/accounts',
    archived404: null,
    probe: { body: () => ({ related_record_id: randomUUID() }), values: { api_name: 'accounts' } },
  },
  'GET /contact/{contact_id}/relationship/accounts': {
    summary: 'Read the accounts of a contact (query parameters: not shown)',
    params: { contact_id: 'contact id' },
    request: null,
    success: {
      status: '2XX',
      schema: 'envelopes/relationship-page',
      description: `A page of relationship items. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: null,
    fixtures: [],
    readBack: 'GET /contact/{contact_id}/relationship/accounts',
    archived404: READ_OF_ARCHIVED_NOT_SHOWN,
    probe: { body: null },
  },
  'POST /account': {
    summary: 'Create an account',
    params: {},
    request: 'requests/attributes-body',
    success: {
      status: '2XX',
      schema: 'envelopes/single/account',
      description: `The created account. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: { what: { type: 'account' }, archive: { by: 'DELETE /account/{account_id}' } },
    wronglyAccepted: 'create an account',
    fixtures: [],
    readBack: NO_ACCOUNT_READ,
    archived404: null,
    probe: { body: (name) => ({ attributes: { display_name: name } }) },
  },
  'DELETE /account/{account_id}': {
    summary: 'Archive an account',
    params: { account_id: 'account id' },
    request: null,
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `Archives the account. The response body is not shown. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: 'archive an account',
    fixtures: [],
    readBack: NO_ACCOUNT_READ,
    archived404: null,
    probe: { body: null },
  },
  'DELETE /account/{account_id}/attribute/domains/{domain_name}': {
    summary: 'Remove one domain link of an account',
    params: { account_id: 'account id', domain_name: 'domain name' },
    request: null,
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `Removes that domain link. The response body is not shown. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: 'remove a domain of an account',
    fixtures: ['accountWithDomains'],
    readBack: NO_ACCOUNT_READ,
    archived404: null,
    probe: { body: null },
  },
  'POST /opportunity': {
    summary: 'Create an opportunity (display_name, stage, account_id)',
    params: {},
    request: 'requests/attributes-body',
    success: {
      status: '2XX',
      schema: 'envelopes/single/opportunity',
      description: `The created opportunity. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: { what: { type: 'opportunity' }, archive: { none: 'the spec states no DELETE for opportunities' } },
    wronglyAccepted: 'create an opportunity',
    fixtures: ['opportunity.stageId'],
    readBack: { none: 'no stated read shows an opportunity' },
    archived404: null,
    probe: { body: (name) => ({ attributes: { display_name: name } }) },
  },
  'POST /opportunity/{opportunity_id}/relationship/{api_name}': {
    summary:
      "Link an opportunity to a record (a contact must be on the opportunity's account, else 409 contact_account_association_required)",
    params: { opportunity_id: 'opportunity id', api_name: 'relationship api_name' },
    request: 'requests/relationship-post-body',
    success: {
      status: '2XX',
      schema: 'envelopes/relationship-post',
      description: `{ parent, api_name, item }. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: {
      what: 'edge',
      archive: { by: 'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}' },
    },
    wronglyAccepted: 'link two records',
    fixtures: ['relationships.opportunityContacts'],
    readBack: NO_OPPORTUNITY_EDGES_READ,
    archived404: null,
    probe: { body: () => ({ related_record_id: randomUUID() }), values: { api_name: 'contacts' } },
  },
  'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}': {
    summary: 'Remove one edge of an opportunity',
    params: { opportunity_id: 'opportunity id', api_name: 'relationship api_name', target_id: 'related record id' },
    request: null,
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `Removes that edge. The response body is not shown. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: 'remove a relationship edge',
    fixtures: ['relationships.opportunityContacts'],
    readBack: NO_OPPORTUNITY_EDGES_READ,
    archived404: null,
    probe: { body: null, values: { api_name: 'contacts' } },
  },
  'PATCH /task/{task_id}': {
    summary: 'Patch a task (attributes required and non-empty: an empty attributes object is refused with 422)',
    params: { task_id: 'task id' },
    request: 'requests/task-patch-body',
    success: { status: '2XX', schema: 'envelopes/single/task', description: `The patched task. ${SUCCESS_NOT_SHOWN}` },
    creates: null,
    wronglyAccepted: 'change a task',
    fixtures: ['taskIds'],
    readBack: NO_TASK_READ,
    archived404: null,
    probe: { body: (name) => ({ attributes: { title: name } }) },
  },
  'DELETE /task/{task_id}': {
    summary: 'Archive a task',
    params: { task_id: 'task id' },
    request: null,
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `Archives the task. The response body is not shown. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: 'archive a task',
    fixtures: ['taskToArchive'],
    readBack: NO_TASK_READ,
    archived404: null,
    probe: { body: null },
  },
  'GET /note/{note_id}': {
    summary: 'Read a note',
    params: { note_id: 'note id' },
    request: null,
    success: { status: '2XX', schema: 'envelopes/single/note', description: `The note. ${SUCCESS_NOT_SHOWN}` },
    creates: null,
    wronglyAccepted: null,
    fixtures: ['noteId'],
    readBack: 'GET /note/{note_id}',
    archived404: READ_OF_ARCHIVED_NOT_SHOWN,
    probe: { body: null },
  },
  'GET /meeting/{meeting_id}': {
    summary: 'Read a meeting (a read-only resource)',
    params: { meeting_id: 'meeting id' },
    request: null,
    success: { status: '2XX', schema: 'envelopes/single/meeting', description: `The meeting. ${SUCCESS_NOT_SHOWN}` },
    creates: null,
    wronglyAccepted: null,
    fixtures: ['meetingId'],
    readBack: 'GET /meeting/{meeting_id}',
    archived404: READ_OF_ARCHIVED_NOT_SHOWN,
    probe: { body: null },
  },
  'GET /meeting/{meeting_id}/transcript': {
    summary: "Read a meeting's transcript link (url is pre-signed, valid until expires_at)",
    params: { meeting_id: 'meeting id' },
    request: null,
    success: {
      status: '2XX',
      schema: 'envelopes/transcript',
      description: `{ data: { url, expires_at, format } }. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: null,
    fixtures: ['meetingId'],
    readBack: 'GET /meeting/{meeting_id}/transcript',
    archived404: READ_OF_ARCHIVED_NOT_SHOWN,
    probe: { body: null },
  },
  'POST /{custom_object_api_name}/_upsert': {
    summary: 'Upsert a custom-object record on a match field (how it decides between create and update: not shown)',
    params: { custom_object_api_name: 'custom-object api_name' },
    request: 'requests/upsert-body',
    success: {
      status: '2XX',
      schema: 'envelopes/upsert',
      description: `{ data: record, meta: { matched_on } }. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: {
      what: { typeParam: 'custom_object_api_name' },
      archive: { by: 'DELETE /{custom_object_api_name}/{record_id}' },
      mayMatch: true,
    },
    wronglyAccepted: 'create or change a custom-object record',
    fixtures: ['customObject'],
    readBack: NO_CUSTOM_RECORD_READ,
    archived404: null,
    probe: { body: () => ({ attributes: {}, match: { field: 'id', value: 'probe' } }) },
  },
  'PATCH /{custom_object_api_name}/{record_id}': {
    summary: 'Patch a custom-object record',
    params: { custom_object_api_name: 'custom-object api_name', record_id: 'custom-object record id' },
    request: 'requests/attributes-body',
    success: {
      status: '2XX',
      schema: 'envelopes/single/custom-object',
      description: `The patched record. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: 'change a custom-object record',
    fixtures: ['customObject'],
    readBack: NO_CUSTOM_RECORD_READ,
    archived404: null,
    probe: { body: (name) => ({ attributes: { display_name: name } }) },
  },
  'DELETE /{custom_object_api_name}/{record_id}': {
    summary: 'Archive a custom-object record',
    params: { custom_object_api_name: 'custom-object api_name', record_id: 'custom-object record id' },
    request: null,
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `Archives the record. The response body is not shown. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: 'archive a custom-object record',
    fixtures: ['customObject'],
    readBack: NO_CUSTOM_RECORD_READ,
    archived404: null,
    probe: { body: null },
  },
  'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}': {
    summary: 'Read the edges of a custom-object record, a page at a time',
    params: {
      custom_object_api_name: 'custom-object api_name',
      record_id: 'custom-object record id',
      api_name: 'relationship api_name',
    },
    query: [
      {
        name: 'cursor',
        schema: { type: 'string' },
        description: 'The next_cursor of the page before (string or null).',
      },
      {
        name: 'page_size',
        schema: { type: 'integer', minimum: 1, default: 50 },
        description: 'Items per page: default 50, minimum 1; the maximum is not shown.',
      },
    ],
    request: null,
    success: {
      status: '2XX',
      schema: 'envelopes/relationship-page',
      description: `A page of relationship items. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: null,
    fixtures: ['customObject'],
    readBack: 'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}',
    archived404: READ_OF_ARCHIVED_NOT_SHOWN,
    probe: { body: null, values: { api_name: 'contacts' } },
  },
  'GET /_schema/contact': {
    summary: 'The contact attributes (with is_required_on_create), stage select lists and option api_names',
    params: {},
    request: null,
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `The response shape is not shown in the spec. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: null,
    fixtures: [],
    readBack: 'GET /_schema/contact',
    archived404: READ_OF_ARCHIVED_NOT_SHOWN,
    probe: { body: null },
  },
  'GET /_organization_schema_summary': {
    summary: 'The custom objects of the workspace',
    params: {},
    request: null,
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `The response shape is not shown in the spec. ${SUCCESS_NOT_SHOWN}`,
    },
    creates: null,
    wronglyAccepted: null,
    fixtures: [],
    readBack: 'GET /_organization_schema_summary',
    archived404: READ_OF_ARCHIVED_NOT_SHOWN,
    probe: { body: null },
  },
});

/** An operation the spec states, as it writes it: the table's keys. */
export type StatedEndpoint = keyof typeof OPERATIONS;

/** The table's type, for the sweeps that take a copy of it (a test adds an operation). */
export type Operations = typeof OPERATIONS;

// the table is one of any tables: what the sweeps and the engine's view take
OPERATIONS satisfies AnyTable;

type KindsOf<E extends StatedEndpoint> = Operations[E]['params'][keyof Operations[E]['params']];

/** An operation whose path names a record by its uuid. */
export type RecordEndpoint = {
  [E in StatedEndpoint]: [Extract<KindsOf<E>, `${string} id`>] extends [never] ? never : E;
}[StatedEndpoint];
/** An operation that may write (every method but GET). */
export type WriteEndpoint = Exclude<StatedEndpoint, `GET ${string}`>;
/** A write whose record a stated read shows again (its row's `readBack`): the read-back family's. */
export type ReadBackEndpoint = {
  [E in WriteEndpoint]: Operations[E]['readBack'] extends string ? E : never;
}[WriteEndpoint];
/** A write to a record its path names. */
export type RecordWriteEndpoint = Extract<WriteEndpoint, RecordEndpoint>;
/** A read of a record its path names. */
export type RecordReadEndpoint = Exclude<RecordEndpoint, WriteEndpoint>;
/** A write whose path names no record: the creates and the upsert. */
export type CreateEndpoint = Exclude<WriteEndpoint, RecordEndpoint>;
