import type { SchemaId } from '../schemas/ids.js';
import type { StatedEndpoint } from '../rules/stated-endpoints.js';

/** One stated operation as the OpenAPI document describes it, from the spec's endpoint tables. */
export interface OperationSpec {
  summary: string;
  /** the request body's schema; absent where the spec states none */
  request?: SchemaId;
  /** query parameters the spec states (only the custom-object relationship read has any) */
  query?: Array<{ name: string; schema: Record<string, unknown>; description: string }>;
  /** the success answer: a stated status, or `2XX` when the spec does not show it */
  success: { status: '201' | '2XX'; schema?: SchemaId | 'unshown'; description: string };
}

const SUCCESS_NOT_SHOWN = 'The success status is not shown in the spec (any 2xx).';

/**
 * Every stated operation (lib/rules/stated-endpoints.ts), with the same schema ids the checks
 * validate against (lib/schemas). A test keeps this table and the stated operations equal.
 */
export const OPERATIONS: Record<StatedEndpoint, OperationSpec> = {
  'POST /contact': {
    summary: 'Create a contact',
    request: 'requests/contact-create-body',
    success: { status: '201', schema: 'envelopes/single/contact', description: 'The created contact.' },
  },
  'GET /contact/{contact_id}': {
    summary: 'Read a contact',
    success: { status: '2XX', schema: 'envelopes/single/contact', description: `The contact. ${SUCCESS_NOT_SHOWN}` },
  },
  'PATCH /contact/{contact_id}': {
    summary: 'Patch a contact (display_name is not patchable)',
    request: 'requests/attributes-body',
    success: {
      status: '2XX',
      schema: 'envelopes/single/contact',
      description: `The patched contact. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'PATCH /contact/{contact_id}/attribute/contact_phone_numbers/{item_id}': {
    summary: 'Patch one phone item of a contact (is_primary, labels; phone_number is immutable)',
    request: 'requests/phone-item-patch-body',
    success: {
      status: '2XX',
      schema: 'envelopes/phone-item-patch',
      description: `{ data: { id, envelope } }. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'POST /contact/{contact_id}/relationship/{api_name}': {
    summary: 'Link a contact to a record (exactly one of related_record_id or related_record_match)',
    request: 'requests/relationship-post-body',
    success: {
      status: '2XX',
      schema: 'envelopes/relationship-post',
      description: `{ parent, api_name, item }. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'GET /contact/{contact_id}/relationship/accounts': {
    summary: 'Read the accounts of a contact (query parameters: not shown)',
    success: {
      status: '2XX',
      schema: 'envelopes/relationship-page',
      description: `A page of relationship items. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'POST /account': {
    summary: 'Create an account',
    request: 'requests/attributes-body',
    success: {
      status: '2XX',
      schema: 'envelopes/single/account',
      description: `The created account. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'DELETE /account/{account_id}': {
    summary: 'Archive an account',
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `Archives the account. The response body is not shown. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'DELETE /account/{account_id}/attribute/domains/{domain_name}': {
    summary: 'Remove one domain link of an account',
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `Removes that domain link. The response body is not shown. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'POST /opportunity': {
    summary: 'Create an opportunity (display_name, stage, account_id)',
    request: 'requests/attributes-body',
    success: {
      status: '2XX',
      schema: 'envelopes/single/opportunity',
      description: `The created opportunity. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'POST /opportunity/{opportunity_id}/relationship/{api_name}': {
    summary:
      "Link an opportunity to a record (a contact must be on the opportunity's account, else 409 contact_account_association_required)",
    request: 'requests/relationship-post-body',
    success: {
      status: '2XX',
      schema: 'envelopes/relationship-post',
      description: `{ parent, api_name, item }. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}': {
    summary: 'Remove one edge of an opportunity',
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `Removes that edge. The response body is not shown. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'PATCH /task/{task_id}': {
    summary: 'Patch a task (attributes required and non-empty: an empty attributes object is refused with 422)',
    request: 'requests/task-patch-body',
    success: { status: '2XX', schema: 'envelopes/single/task', description: `The patched task. ${SUCCESS_NOT_SHOWN}` },
  },
  'DELETE /task/{task_id}': {
    summary: 'Archive a task',
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `Archives the task. The response body is not shown. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'GET /note/{note_id}': {
    summary: 'Read a note',
    success: { status: '2XX', schema: 'envelopes/single/note', description: `The note. ${SUCCESS_NOT_SHOWN}` },
  },
  'GET /meeting/{meeting_id}': {
    summary: 'Read a meeting (a read-only resource)',
    success: { status: '2XX', schema: 'envelopes/single/meeting', description: `The meeting. ${SUCCESS_NOT_SHOWN}` },
  },
  'GET /meeting/{meeting_id}/transcript': {
    summary: "Read a meeting's transcript link (url is pre-signed, valid until expires_at)",
    success: {
      status: '2XX',
      schema: 'envelopes/transcript',
      description: `{ data: { url, expires_at, format } }. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'POST /{custom_object_api_name}/_upsert': {
    summary: 'Upsert a custom-object record on a match field (how it decides between create and update: not shown)',
    request: 'requests/upsert-body',
    success: {
      status: '2XX',
      schema: 'envelopes/upsert',
      description: `{ data: record, meta: { matched_on } }. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'PATCH /{custom_object_api_name}/{record_id}': {
    summary: 'Patch a custom-object record',
    request: 'requests/attributes-body',
    success: {
      status: '2XX',
      schema: 'envelopes/single/custom-object',
      description: `The patched record. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'DELETE /{custom_object_api_name}/{record_id}': {
    summary: 'Archive a custom-object record',
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `Archives the record. The response body is not shown. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'GET /{custom_object_api_name}/{record_id}/relationship/{api_name}': {
    summary: 'Read the edges of a custom-object record, a page at a time',
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
    success: {
      status: '2XX',
      schema: 'envelopes/relationship-page',
      description: `A page of relationship items. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'GET /_schema/contact': {
    summary: 'The contact attributes (with is_required_on_create), stage select lists and option api_names',
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `The response shape is not shown in the spec. ${SUCCESS_NOT_SHOWN}`,
    },
  },
  'GET /_organization_schema_summary': {
    summary: 'The custom objects of the workspace',
    success: {
      status: '2XX',
      schema: 'unshown',
      description: `The response shape is not shown in the spec. ${SUCCESS_NOT_SHOWN}`,
    },
  },
};
