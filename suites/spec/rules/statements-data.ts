import type { Statement } from '../../../lib/catalogue/statement.js';

// Every normative statement of the spec, quoted: each table row, and each paragraph or list with the
// sentence that introduces it (the same unit the catalogue's quotes are cut from). Headers of tables
// and bare introductions ("Error codes:") are left out. Generated once from the spec and kept by hand.
export const STATEMENTS: readonly Statement[] = [
  {
    section: 'Public Records API v2 Specification',
    text: 'This document covers the whole service: purpose, resources, states, endpoints, authentication, events, errors, limits and versioning. All paths below are relative to `{base_url}`, which already includes the version segment `/api/v2/public`.',
    checkedBy: ['versioning.base-path'],
  },
  {
    section: 'What the service does',
    text: 'The service is an HTTP and JSON interface to a sales-records system. It lets a client create, read, update, archive and relate these record types: - contact - account - opportunity - task - note - meeting - custom objects (per-workspace record types whose api_name starts with `cus_obj__`)',
    reason:
      'scope only: each record type, edge, sub-resource and the transcript link has the statements of its own operations',
  },
  {
    section: 'What the service does',
    text: 'It also exposes: - relationship edges between records - sub-resource items inside a record attribute (contact phone numbers, account domains) - a pre-signed transcript link for a meeting',
    reason:
      'scope only: each record type, edge, sub-resource and the transcript link has the statements of its own operations',
  },
  {
    section: 'What the service does',
    text: "All requests and responses use `application/json`. Every record is scoped to the caller's organization (`organization_id` attribute).",
  },
  {
    section: 'Resources and their fields › Record envelope (all record responses)',
    text: 'Single-record responses are `{ data: <record> }`.',
  },
  {
    section: 'Resources and their fields › Record envelope (all record responses)',
    text: '| id | string, uuid | record identifier |',
  },
  {
    section: 'Resources and their fields › Record envelope (all record responses)',
    text: '| created_at | string, ISO 8601 timestamp | |',
  },
  {
    section: 'Resources and their fields › Record envelope (all record responses)',
    text: '| updated_at | string, ISO 8601 timestamp | |',
    checkedBy: ['record.envelope'],
  },
  {
    section: 'Resources and their fields › Record envelope (all record responses)',
    text: '| attributes | object | map of attribute name to typed value (below) |',
  },
  {
    section: 'Resources and their fields › Record envelope (all record responses)',
    text: '| record_type | string | `contact`, `account`, `opportunity`, `task`, `note`, `meeting`, or the custom-object api_name |',
  },
  {
    section: 'Resources and their fields › Record envelope (all record responses)',
    text: 'Custom-object records also carry `record_type` (a string) and the envelope fields above.',
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: 'Every attribute in a response is `{ value, value_type }`. Multi-valued attributes are arrays of such objects.',
  },
  { section: 'Resources and their fields › Typed attribute values', text: '| uuid | string, uuid |' },
  { section: 'Resources and their fields › Typed attribute values', text: '| string | string |' },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| long_text | string |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| rich_text | string (HTML in notes) |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| number | number |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| boolean | boolean |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| timestamp | ISO 8601 timestamp string |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| enum | string (one of a fixed set per attribute) |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| url | string |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| email | string |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| phone_number | string |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| currency | object `{ amount: string }` |',
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| address | object `{ street_one, street_two, city, state, country, zip_code }`, all strings |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| record_reference | object `{ related_record_id: uuid, related_record_type: string }` |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| select | object `{ id: uuid, select_list_id: uuid, api_name: string, display_name: string, color: string }` |',
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| contact_stage | object `{ id, select_list_id, display_name, api_name, color }` |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| account_stage | object `{ id, select_list_id, display_name, api_name }` |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| opportunity_stage | object `{ id, select_list_id, display_name, api_name, color, closing_probability: string, expected_days: integer }` |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| contact_email | object `{ id: uuid, email, is_primary: boolean, labels: array }` |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| contact_phone_number | object `{ id: uuid, phone_number, is_primary: boolean, labels: array }` |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| account_domain | object `{ domain_name: string, is_primary: boolean }` |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| meeting_participant | object `{ name, email, rsvp_status: string, is_host: boolean }` |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Typed attribute values',
    text: '| created_source_form_submission_details | object `{ form_submission_id: record_reference-shape, form_id: record_reference-shape, source_event_occurred_at: timestamp, utm_campaign, utm_source, utm_medium, utm_content, utm_term }` |',
    checkedBy: ['value.shape'],
  },
  {
    section: 'Resources and their fields › Contact attributes (response)',
    text: '- id (uuid), organization_id (uuid), created_at, updated_at (timestamp) - display_name (string; derived by the server from first and last name; not writable) - stage (contact_stage) - created_by_user_id, owner_user_id, owner_team_id, updated_by_user_id, archived_by_user_id (record_reference) - participant_user_id_list (array of record_reference) - first_name, last_name, middle_name, title, department (string) - primary_email (email), primary_phone_number (phone_number), sms_consent (boolean), address (address) - contact_emails (array of contact_email), contact_phone_numbers (array of contact_phone_number) - linkedin_url, zoominfo_url, x_url, facebook_url (url) - created_source_form_submission_details - timestamps: last_activity_at, last_voice_call, last_meeting, last_global_thread, last_engaged_at, last_outreached_at, last_inbound_meeting_at, last_inbound_voice_call_at, last_inbound_global_thread_at, last_outbound_meeting_at, last_outbound_voice_call_at, last_outbound_global_thread_at, archived_at',
  },
  {
    section: 'Resources and their fields › Contact attributes (response)',
    text: 'Contact phone and email item `labels` values (enum): `PERSONAL`, `WORK`, `MOBILE`.',
  },
  {
    section: 'Resources and their fields › Account attributes (response)',
    text: '- id, organization_id, created_at, updated_at - display_name (string) - owner_user_id, created_by_user_id, owner_team_id, updated_by_user_id, archived_by_user_id (record_reference) - participant_user_id_list (array of record_reference) - domains (array of account_domain) - description (long_text) - official_website (url), websites (array of url), linkedin_url, x_url, facebook_url, zoominfo_url (url) - address (address) - estimated_annual_revenue, funding_raised (currency) - estimated_employee_count (number) - stage (account_stage) - research_tldr (rich_text) - the same last_* activity timestamps as contact (except none beyond those listed there), archived_at - created_source_form_submission_details',
  },
  {
    section: 'Resources and their fields › Opportunity attributes (response)',
    text: '- id, organization_id, created_at, updated_at - display_name (string) - stage (opportunity_stage) - owner_user_id, account_id, created_by_user_id, owner_team_id, closed_by_user_id, primary_contact_id, updated_by_user_id (record_reference) - participant_user_id_list (array of record_reference) - next_step_details, closed_lost_custom_detail, closed_won_custom_detail (long_text) - timestamps: next_step_due_at, next_meeting_date, target_go_live_date, anticipated_closing_at, closed_at, archived_at, expires_at, stage_last_shifted_at, plus the last_* activity timestamps as on contact - amount, forecast_weighted_amount (currency) - select-typed: primary_closed_won_reason, primary_closed_lost_reason, primary_competitor, type - arrays of select: additional_closed_won_reasons, additional_closed_lost_reasons, competitors_mentioned - competitors_mentioned_other (array of string), primary_competitor_other (string)',
  },
  {
    section: 'Resources and their fields › Task attributes (response)',
    text: '- id, organization_id (uuid) - title (string) - status, priority, type, source_type (enum) - owner_user_id, owner_team_id, created_by_user_id, updated_by_user_id, archived_by_user_id, completed_by_user_id (record_reference) - participant_user_id_list (array of record_reference) - note (long_text) - due_at, created_at, updated_at, archived_at, completed_at (timestamp) - disposition (string; patchable, not creatable) - is_private (boolean)',
  },
  {
    section: 'Resources and their fields › Note attributes (response)',
    text: '- id, organization_id (uuid) - note_html (rich_text) - title (string) - owner_user_id, owner_team_id (record_reference) - created_by_user_id, updated_by_user_id, deleted_by_user_id (uuid-typed values) - created_at, updated_at, deleted_at (timestamp) - is_private (boolean) - participant_user_id_list (array of record_reference)',
  },
  {
    section: 'Resources and their fields › Meeting attributes (response; read-only resource)',
    text: '### Meeting attributes (response; read-only resource)',
  },
  {
    section: 'Resources and their fields › Meeting attributes (response; read-only resource)',
    text: '- id, organization_id (uuid) - title, description, location, agenda, key_talking_points, meeting_url (string) - starts_at, ends_at, started_at, ended_at, meeting_created_at, consent_declined_at, meeting_bot_removed_at (timestamp) - duration_seconds (number) - enum: meeting_status, meeting_type, confirmation_state, meeting_platform, call_direction, manual_meeting_type, origin_platform, meeting_bot_status, processing_status - boolean: is_recorded, has_active_bot, is_sales_meeting, is_external_meeting, is_private, is_no_show, is_rescheduled, is_bot_enabled - meeting_participants (array of meeting_participant) - owner_user_id, owner_team_id, organizer_user_id, organizer_contact_id, rescheduled_from_id (record_reference) - created_by_user_id (uuid-typed value)',
  },
  {
    section: 'Resources and their fields › Custom-object record (response)',
    text: 'Envelope plus attributes: id (uuid), created_at, updated_at (timestamp), display_name (string), and workspace-defined attributes.',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: 'Request bodies are `{ attributes: {...} }` with no other top-level keys, except upsert (`attributes` plus `match`). Each attribute may be written in either form, and null may be sent where the schema allows it: 1. Raw value, for example a plain string. 2. Enveloped value `{ value_type, value }`, the same shape reads emit.',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: 'Stage and other select values: - A string is taken as a stage api_name or display name. - An enveloped select is `{ value_type: select, value: { api_name } }` or `{ value_type: select, value: { id } }`. - `select_list_id` (uuid) is optional in the option reference. Send it only to disambiguate when the same option name exists in more than one select list, for example an opportunity stage shared across pipelines.',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: '| first_name, last_name, middle_name, title | string forms |',
    checkedBy: ['contact.create.status-201', 'write.raw-value', 'write.enveloped-value'],
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: '| primary_email | string or email-typed envelope |',
    checkedBy: ['contact.create.status-201', 'write.raw-value', 'write.enveloped-value'],
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: '| stage | required on create; values are workspace-specific |',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: "A workspace may configure additional required create fields. Each attribute's `is_required_on_create` is reported by the schema-discovery endpoint.",
    checkedBy: ['discovery.schema-contact'],
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: 'Opportunity create attributes shown: display_name (string), stage (select envelope with `value.id`), account_id (uuid string).',
    checkedBy: ['opportunity.create.record'],
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: 'Account create attributes shown: display_name (string).',
    checkedBy: ['account.create.record'],
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: 'Contact fields in the create request beyond first_name, last_name, middle_name and title: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: 'Request attribute sets for account create, opportunity create and task patch beyond the fields named above: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: 'Allowed values of every enum attribute (task status other than the value `COMPLETED`, priority, meeting enums): not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: '| related_record_id | uuid |',
    checkedBy: ['contact.relationship.post', 'contact.accounts.page', 'pagination.page-shape'],
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: '| related_record_type | string |',
    checkedBy: ['contact.relationship.post', 'contact.accounts.page', 'pagination.page-shape'],
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: '| through | object `{ id: uuid, record_type: string, attributes: object }`; for contact-to-account edges, attributes holds `role` (string-typed value) and `is_primary` (boolean-typed value) |',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    text: 'ParentRef: `{ id: uuid, record_type: string }`.',
    checkedBy: ['contact.relationship.post', 'contact.accounts.page', 'pagination.page-shape'],
  },
  {
    section: 'States and transitions',
    text: 'States named by the interface: - Stage select options on contact, account and opportunity. They are workspace-defined and discovered through schema discovery. - Task `status` (enum); the value `COMPLETED` is the only value named. - Archived records, indicated by a non-null `archived_at` (notes use `deleted_at`).',
    checkedBy: [
      'task.status.completed',
      'task.delete.archives',
      'account.delete.archives',
      'custom-object.delete.archives',
      'write.stage-by-name',
    ],
  },
  {
    section: 'States and transitions',
    text: '| task, account or custom-object record (active) | DELETE on the record | record exists | archived | none further stated |',
    checkedBy: ['task.delete.archives', 'account.delete.archives', 'custom-object.delete.archives'],
  },
  {
    section: 'States and transitions',
    text: '| task (any status) | PATCH with `status` set to `COMPLETED` | attributes non-empty | status `COMPLETED` | other effects stated nowhere |',
  },
  {
    section: 'States and transitions',
    text: 'Transitions between contact, account and opportunity stages: not shown. The interface names the errors `stage_transition_not_allowed` and `stage_entrance_criteria_not_met` for stage changes, but the permitted moves are not shown.',
    reason:
      'open: the permitted stage moves are "not shown", so no request is sure to be refused on every server; the two codes are in error.code-listed',
  },
  {
    section: 'States and transitions',
    text: 'Task status transition rules other than the one above: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Endpoints',
    text: 'All endpoints require authentication (see Authentication). Every error response has the error body described under Errors. Path parameters named `*_id` are uuid strings.',
  },
  {
    section: 'Endpoints › Contacts',
    text: '| POST | /contact | JSON `{ attributes }` (required; stage required inside) | 201, `{ data: contact record }` |',
  },
  { section: 'Endpoints › Contacts', text: '| GET | /contact/{contact_id} | none | `{ data: contact record }` |' },
  {
    section: 'Endpoints › Contacts',
    text: '| PATCH | /contact/{contact_id} | JSON `{ attributes }`; all standard fields optional; display_name is not patchable | `{ data: contact record }` |',
  },
  {
    section: 'Endpoints › Contacts',
    text: '| PATCH | /contact/{contact_id}/attribute/contact_phone_numbers/{item_id} | JSON with optional `is_primary` (boolean) and `labels` (array of PERSONAL, WORK, MOBILE); phone_number is immutable and absent | `{ data: { id: uuid, envelope: { id, is_primary, labels, plus the channel value } } }` |',
  },
  {
    section: 'Endpoints › Contacts',
    text: '| POST | /contact/{contact_id}/relationship/{api_name} | JSON with exactly one of `related_record_id` (uuid) or `related_record_match` | `{ parent: ParentRef, api_name: string, item: relationship item }` |',
  },
  {
    section: 'Endpoints › Contacts',
    text: '| GET | /contact/{contact_id}/relationship/accounts | none | paginated `{ count: integer, next_cursor: string or null, parent, api_name, items: [relationship item] }` |',
  },
  {
    section: 'Endpoints › Contacts',
    text: "Rules: 1. The body of create and patch carries `attributes` only; there is no inline `relationships` block. Associations are made afterwards through the relationship endpoints. 2. Linking a contact to an opportunity requires the contact to be on that opportunity's account. Otherwise the response is 409 with code `contact_account_association_required`. 3. On a relationship POST, sending both or neither of `related_record_id` and `related_record_match` is rejected and reported as `field_value_invalid`.",
  },
  { section: 'Endpoints › Accounts', text: '| POST | /account | JSON `{ attributes }` | `{ data: account record }` |' },
  { section: 'Endpoints › Accounts', text: '| DELETE | /account/{account_id} | none | archives the account |' },
  {
    section: 'Endpoints › Accounts',
    text: '| DELETE | /account/{account_id}/attribute/domains/{domain_name} | none; `domain_name` is a string | removes that domain link |',
  },
  {
    section: 'Endpoints › Opportunities',
    text: '| POST | /opportunity | JSON `{ attributes }` (display_name, stage, account_id) | `{ data: opportunity record }` |',
  },
  {
    section: 'Endpoints › Opportunities',
    text: '| POST | /opportunity/{opportunity_id}/relationship/{api_name} | JSON with exactly one of `related_record_id` or `related_record_match` | `{ parent, api_name, item }` |',
  },
  {
    section: 'Endpoints › Opportunities',
    text: '| DELETE | /opportunity/{opportunity_id}/relationship/{api_name}/{target_id} | none | removes that edge |',
  },
  {
    section: 'Endpoints › Tasks',
    text: '| PATCH | /task/{task_id} | JSON `{ attributes }`, required and non-empty; all writable fields optional; account and pipeline relationships are not patchable here; disposition is patchable | `{ data: task record }` |',
  },
  { section: 'Endpoints › Tasks', text: '| DELETE | /task/{task_id} | none | archives the task |' },
  { section: 'Endpoints › Tasks', text: 'An `attributes` object with zero set fields is rejected with 422.' },
  { section: 'Endpoints › Notes and meetings', text: '| GET | /note/{note_id} | `{ data: note record }` |' },
  { section: 'Endpoints › Notes and meetings', text: '| GET | /meeting/{meeting_id} | `{ data: meeting record }` |' },
  {
    section: 'Endpoints › Notes and meetings',
    text: '| GET | /meeting/{meeting_id}/transcript | `{ data: { url: string, expires_at: timestamp, format: string } }`; `url` is pre-signed |',
  },
  {
    section: 'Endpoints › Custom objects',
    text: '`{custom_object_api_name}` is the full api_name including the `cus_obj__` prefix. Available custom objects are discovered with `GET /_organization_schema_summary`.',
  },
  {
    section: 'Endpoints › Custom objects',
    text: '| POST | /{custom_object_api_name}/_upsert | JSON `{ attributes: {...}, match: { field: string, value: <any> } }` | `{ data: record, meta: { matched_on: object } }` |',
  },
  {
    section: 'Endpoints › Custom objects',
    text: '| PATCH | /{custom_object_api_name}/{record_id} | JSON `{ attributes }` | `{ data: record }` |',
  },
  {
    section: 'Endpoints › Custom objects',
    text: '| DELETE | /{custom_object_api_name}/{record_id} | none | archives the record |',
  },
  {
    section: 'Endpoints › Custom objects',
    text: '| GET | /{custom_object_api_name}/{record_id}/relationship/{api_name} | query: `cursor` (string or null), `page_size` (integer, default 50, minimum 1) | `{ count: integer, next_cursor: string or null, parent, api_name, items: [relationship item] }` |',
  },
  {
    section: 'Endpoints › Discovery',
    text: '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names. `GET /_organization_schema_summary` lists custom objects. Their response shapes: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Endpoints › Gaps in endpoint coverage',
    text: '- Success status codes of every operation except contact create (201): not shown. - Response bodies of the DELETE operations: not shown. - Query parameters of the contact-accounts relationship read: not shown. - Rule for how an upsert decides between create and update, and its success status: not shown. - Endpoints for listing or searching records, and for creating tasks, notes or meetings: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Authentication',
    text: 'Every endpoint is secured by one of two alternative schemes, `BearerAuth` or `ApiKeyAuth`. Both are satisfied by the request header `Authorization: Bearer <API_KEY>`, where the value is an API key issued to the caller.',
  },
  {
    section: 'Authentication',
    text: '- A missing or unacceptable credential yields 401. - A credential that is rejected as a key yields the code `invalid_api_key`. - A caller without permission for the operation yields 403.',
  },
  {
    section: 'Authentication',
    text: 'How keys are issued, scoped or rotated: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Authentication',
    text: 'A separate header for `ApiKeyAuth`: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Events',
    text: 'Events, webhooks and callbacks: not shown. No event kinds are described.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  { section: 'Errors', text: 'Every error response has this body:' },
  { section: 'Errors', text: '| status_code | integer | mirrors the HTTP status |' },
  { section: 'Errors', text: '| error_type | string | broad classification |' },
  { section: 'Errors', text: '| code | string | machine-readable code from the list below |' },
  { section: 'Errors', text: '| message | string | human-readable summary |' },
  {
    section: 'Errors',
    text: '| details | object or null | optional; shape depends on `code`, discriminated by the `code` inside details |',
  },
  {
    section: 'Errors',
    text: 'Status codes documented per operation: 400 validation, 401 unauthenticated, 403 forbidden, 404 not found, 405 method not allowed, 406 not acceptable, 409 conflict, 413 payload too large, 415 unsupported media type, 422 unprocessable, 429 rate limited, 500 internal error.',
  },
  {
    section: 'Errors',
    text: '`details` for `request_validation_failed`: `{ loc: array, type: string, all_errors: array, code: "request_validation_failed" }`.',
  },
  { section: 'Errors', text: '| request_validation_failed | request body or parameters fail validation |' },
  { section: 'Errors', text: '| unknown_field | an attribute name is not known; details name the offending field |' },
  {
    section: 'Errors',
    text: '| field_required_missing | a required field is absent |',
    reason:
      'the required fields beyond contact stage are workspace-defined, and which code a missing stage gets is not pinned (contact.create.stage-required judges the refusal); not yet asserted',
  },
  {
    section: 'Errors',
    text: '| field_value_invalid | a value is invalid; also when both or neither of the relationship target keys are sent |',
    checkedBy: ['relationship.post.exactly-one-target'],
  },
  {
    section: 'Errors',
    text: '| field_not_writable | field cannot be written |',
    reason:
      'which of field_not_writable, field_not_creatable, field_not_updatable or unknown_field a server gives a refused write is not pinned by the spec for any field the suite can name; the refusals are judged (contact.display-name.not-writable, task.patch.relationships-not-patchable)',
  },
  {
    section: 'Errors',
    text: '| field_not_creatable | field cannot be set on create |',
    reason:
      'which of field_not_writable, field_not_creatable, field_not_updatable or unknown_field a server gives a refused write is not pinned by the spec for any field the suite can name; the refusals are judged (contact.display-name.not-writable, task.patch.relationships-not-patchable)',
  },
  {
    section: 'Errors',
    text: '| field_not_updatable | field cannot be changed on update |',
    reason:
      'which of field_not_writable, field_not_creatable, field_not_updatable or unknown_field a server gives a refused write is not pinned by the spec for any field the suite can name; the refusals are judged (contact.display-name.not-writable, task.patch.relationships-not-patchable)',
  },
  {
    section: 'Errors',
    text: '| cannot_remove_last_primary | the last primary item of a multi-valued attribute cannot be removed |',
  },
  {
    section: 'Errors',
    text: '| sub_resource_not_supported | sub-resource operation unsupported |',
    reason:
      'no condition is stated for it beyond its name, so no request is sure to provoke it; error.code-listed accepts it wherever it appears',
  },
  {
    section: 'Errors',
    text: '| invalid_filter_field | filter names an invalid field |',
    reason:
      'no stated operation takes filters, sorts, paths or descriptors, so no request can provoke it on any server',
  },
  {
    section: 'Errors',
    text: '| invalid_filter_operator | filter uses an invalid operator |',
    reason:
      'no stated operation takes filters, sorts, paths or descriptors, so no request can provoke it on any server',
  },
  {
    section: 'Errors',
    text: '| invalid_filter_value | filter value invalid |',
    reason:
      'no stated operation takes filters, sorts, paths or descriptors, so no request can provoke it on any server',
  },
  {
    section: 'Errors',
    text: '| filter_depth_exceeded | filter nested too deep |',
    reason:
      'no stated operation takes filters, sorts, paths or descriptors, so no request can provoke it on any server',
  },
  {
    section: 'Errors',
    text: '| path_too_deep | path too deep |',
    reason:
      'no stated operation takes filters, sorts, paths or descriptors, so no request can provoke it on any server',
  },
  {
    section: 'Errors',
    text: '| sort_too_many_fields | too many sort fields |',
    reason:
      'no stated operation takes filters, sorts, paths or descriptors, so no request can provoke it on any server',
  },
  {
    section: 'Errors',
    text: '| unsortable_field | field cannot be sorted |',
    reason:
      'no stated operation takes filters, sorts, paths or descriptors, so no request can provoke it on any server',
  },
  { section: 'Errors', text: '| limit_out_of_range | page limit out of range |' },
  { section: 'Errors', text: '| invalid_cursor | cursor invalid |' },
  { section: 'Errors', text: '| invalid_target_identifier | relationship target identifier invalid |' },
  { section: 'Errors', text: '| invalid_matching_field | match field invalid |' },
  { section: 'Errors', text: '| missing_match_key | match key missing |' },
  {
    section: 'Errors',
    text: '| descriptor_naming_reserved | reserved descriptor name |',
    reason:
      'no stated operation takes filters, sorts, paths or descriptors, so no request can provoke it on any server',
  },
  {
    section: 'Errors',
    text: '| stage_entrance_criteria_not_met | stage entry criteria unmet |',
    reason: 'the permitted stage moves and entrance criteria are not shown, so no request is sure to provoke it',
  },
  {
    section: 'Errors',
    text: '| stage_transition_not_allowed | stage move not allowed |',
    reason: 'the permitted stage moves and entrance criteria are not shown, so no request is sure to provoke it',
  },
  { section: 'Errors', text: '| record_not_found | record does not exist |' },
  { section: 'Errors', text: '| target_record_not_found | relationship target does not exist |' },
  { section: 'Errors', text: '| unknown_record_type | record type unknown |' },
  {
    section: 'Errors',
    text: '| ambiguous_match | match finds more than one record |',
  },
  { section: 'Errors', text: '| concurrent_upsert_conflict | concurrent upsert collision |' },
  {
    section: 'Errors',
    text: '| conflict | generic conflict |',
    reason:
      'no condition is stated for it beyond its name, so no request is sure to provoke it; error.code-listed accepts it wherever it appears',
  },
  {
    section: 'Errors',
    text: '| write_not_supported | write not supported |',
    reason:
      'no condition is stated for it beyond its name, so no request is sure to provoke it; error.code-listed accepts it wherever it appears',
  },
  { section: 'Errors', text: '| invalid_api_key | API key rejected |', checkedBy: ['auth.invalid-key'] },
  { section: 'Errors', text: '| payload_too_large | body exceeds size limit |' },
  { section: 'Errors', text: '| unsupported_media_type | content type unsupported |' },
  {
    section: 'Errors',
    text: '| rate_limit_exceeded | rate limit hit |',
    reason: 'the rate-limit quota is not shown: a run must not flood a server to provoke it',
  },
  {
    section: 'Errors',
    text: '| contact_account_association_required | 409 when a contact is linked to an opportunity whose account the contact is not on |',
    checkedBy: ['relationship.contact-account-association'],
  },
  {
    section: 'Errors',
    text: 'Mapping of each code to an HTTP status (except those stated above): not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Errors',
    text: 'Shape of `details` for every code other than `request_validation_failed`: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  { section: 'Limits', text: '| page_size on relationship reads | default 50, minimum 1 |' },
  { section: 'Limits', text: '| pre-signed transcript link | valid until the returned `expires_at` |' },
  {
    section: 'Limits',
    text: 'The interface defines errors for oversize payloads (413), rate limiting (429), filter depth, path depth, sort field count and page limit range.',
    checkedBy: ['error.code.payload-too-large', 'pagination.page-size-minimum'],
  },
  {
    section: 'Limits',
    text: 'Maximum page_size: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Limits',
    text: 'Rate-limit quota and window: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Limits',
    text: 'Maximum payload size and numeric depth and sort limits: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
  {
    section: 'Versioning',
    text: 'The API version is `v2`, carried in the base path `/api/v2/public`. A single production server is defined. Only public routes are exposed; internal product routes under the same version prefix are excluded.',
    reason:
      'in part: the internal routes under the same prefix are not named, so that they are excluded cannot be checked; a single production server is a fact of deployment, not of an answer',
  },
  {
    section: 'Versioning',
    text: 'Deprecation policy and behavior for other versions: not shown.',
    reason:
      'open: the spec says "not shown" (suites/spec/rules/open-points.ts lists it); what a server does there is observed, never asserted',
  },
];
