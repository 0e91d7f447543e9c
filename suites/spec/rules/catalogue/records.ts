import type { Rule } from '../../../../lib/catalogue/rule.js';

const ALL_RECORD_READS = [
  'POST /contact',
  'GET /contact/{contact_id}',
  'PATCH /contact/{contact_id}',
  'POST /account',
  'POST /opportunity',
  'PATCH /task/{task_id}',
  'GET /note/{note_id}',
  'GET /meeting/{meeting_id}',
  'POST /{custom_object_api_name}/_upsert',
  'PATCH /{custom_object_api_name}/{record_id}',
] as const;

/** Record envelope, typed values and each record type's attributes. */
export const RECORD_RULES = {
  'record.envelope': {
    level: 'MUST',
    section: 'Resources and their fields › Record envelope (all record responses)',
    quote:
      'Single-record responses are `{ data: <record> }`. … | id | string, uuid | … | created_at | string, ISO 8601 timestamp | … | attributes | object | … | record_type | string |',
    summary:
      'a single-record response is { data } whose record has id (uuid), created_at and updated_at (ISO 8601), attributes (object) and record_type (string)',
    endpoints: ALL_RECORD_READS,
  },
  'record.record-type': {
    level: 'MUST',
    section: 'Resources and their fields › Record envelope (all record responses)',
    quote:
      '| record_type | string | `contact`, `account`, `opportunity`, `task`, `note`, `meeting`, or the custom-object api_name |',
    summary: 'record_type names the record type read or written (the custom-object api_name for custom-object records)',
    endpoints: ALL_RECORD_READS,
  },
  'value.typed': {
    level: 'MUST',
    section: 'Resources and their fields › Typed attribute values',
    quote:
      'Every attribute in a response is `{ value, value_type }`. Multi-valued attributes are arrays of such objects.',
    summary: 'every attribute of a record is a typed value { value, value_type }, or an array of them',
    endpoints: ALL_RECORD_READS,
  },
  'value.shape': {
    level: 'MUST',
    section: 'Resources and their fields › Typed attribute values',
    quote:
      '| uuid | string, uuid | … | currency | object `{ amount: string }` | … | select | object `{ id: uuid, select_list_id: uuid, api_name: string, display_name: string, color: string }` | …',
    summary: 'each typed value has the value shape its value_type row states',
    endpoints: ALL_RECORD_READS,
  },
  'record.contact.attributes': {
    level: 'MUST',
    section: 'Resources and their fields › Contact attributes (response)',
    quote:
      '- stage (contact_stage) … - first_name, last_name, middle_name, title, department (string) … - contact_emails (array of contact_email), contact_phone_numbers (array of contact_phone_number)',
    summary: 'contact attributes carry the value types the spec lists for them',
    endpoints: ['POST /contact', 'GET /contact/{contact_id}', 'PATCH /contact/{contact_id}'],
  },
  'record.account.attributes': {
    level: 'MUST',
    section: 'Resources and their fields › Account attributes (response)',
    quote:
      '- domains (array of account_domain) … - estimated_annual_revenue, funding_raised (currency) … - stage (account_stage)',
    summary: 'account attributes carry the value types the spec lists for them',
    endpoints: ['POST /account'],
  },
  'record.opportunity.attributes': {
    level: 'MUST',
    section: 'Resources and their fields › Opportunity attributes (response)',
    quote:
      '- stage (opportunity_stage) - owner_user_id, account_id, created_by_user_id, owner_team_id, closed_by_user_id, primary_contact_id, updated_by_user_id (record_reference)',
    summary: 'opportunity attributes carry the value types the spec lists for them',
    endpoints: ['POST /opportunity'],
  },
  'record.task.attributes': {
    level: 'MUST',
    section: 'Resources and their fields › Task attributes (response)',
    quote:
      '- status, priority, type, source_type (enum) … - due_at, created_at, updated_at, archived_at, completed_at (timestamp) - disposition (string; patchable, not creatable)',
    summary: 'task attributes carry the value types the spec lists for them',
    endpoints: ['PATCH /task/{task_id}'],
  },
  'record.note.attributes': {
    level: 'MUST',
    section: 'Resources and their fields › Note attributes (response)',
    quote:
      '- note_html (rich_text) … - created_by_user_id, updated_by_user_id, deleted_by_user_id (uuid-typed values) - created_at, updated_at, deleted_at (timestamp)',
    summary: 'note attributes carry the value types the spec lists (deleted_* and *_by_user_id as uuid-typed values)',
    endpoints: ['GET /note/{note_id}'],
  },
  'record.meeting.attributes': {
    level: 'MUST',
    section: 'Resources and their fields › Meeting attributes (response; read-only resource)',
    quote:
      '- enum: meeting_status, meeting_type, … - meeting_participants (array of meeting_participant) … - created_by_user_id (uuid-typed value)',
    summary:
      'meeting attributes carry the value types the spec lists (enums as strings, participants as meeting_participant)',
    endpoints: ['GET /meeting/{meeting_id}'],
  },
  'record.custom-object.attributes': {
    level: 'MUST',
    section: 'Resources and their fields › Custom-object record (response)',
    quote:
      'Envelope plus attributes: id (uuid), created_at, updated_at (timestamp), display_name (string), and workspace-defined attributes.',
    summary:
      'a custom-object record is an envelope with id, created_at, updated_at, display_name and typed workspace-defined attributes',
    endpoints: ['POST /{custom_object_api_name}/_upsert', 'PATCH /{custom_object_api_name}/{record_id}'],
  },
  'record.organization-scoped': {
    level: 'MUST',
    section: 'What the service does',
    quote: "Every record is scoped to the caller's organization (`organization_id` attribute).",
    summary: "records carry organization_id, one value per organization, and no organization sees another's records",
    endpoints: ALL_RECORD_READS,
    accepts:
      'a custom-object record with or without organization_id: "Every record is scoped to the caller\'s ' +
      'organization (`organization_id` attribute)" names it for every record, while the custom-object ' +
      'record\'s own list ("id, created_at, updated_at, display_name, and workspace-defined attributes") ' +
      "leaves it out; where a custom-object record carries it, it must be the caller's",
  },
} as const satisfies Record<string, Rule>;
