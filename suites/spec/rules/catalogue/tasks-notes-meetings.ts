import type { Rule } from '../../../../lib/catalogue/rule.js';

export const TASK_RULES = {
  'task.patch.record': {
    level: 'MUST',
    section: 'Endpoints › Tasks',
    quote:
      '| PATCH | /task/{task_id} | JSON `{ attributes }`, required and non-empty; all writable fields optional; account and pipeline relationships are not patchable here; disposition is patchable | `{ data: task record }` |',
    summary: 'PATCH /task/{id} answers { data: task record }, changes only what was sent, and disposition is patchable',
    endpoints: ['PATCH /task/{task_id}'],
  },
  'task.patch.empty-attributes-422': {
    level: 'MUST',
    section: 'Endpoints › Tasks',
    quote: 'An `attributes` object with zero set fields is rejected with 422.',
    summary: 'PATCH /task/{id} with { attributes: {} } answers 422 with the error body',
    endpoints: ['PATCH /task/{task_id}'],
  },
  'task.patch.attributes-required': {
    level: 'MUST',
    section: 'Endpoints › Tasks',
    quote: 'JSON `{ attributes }`, required and non-empty',
    summary: 'PATCH /task/{id} without attributes is rejected with the error body',
    endpoints: ['PATCH /task/{task_id}'],
  },
  'task.status.completed': {
    level: 'MUST',
    section: 'States and transitions',
    quote:
      '| task (any status) | PATCH with `status` set to `COMPLETED` | attributes non-empty | status `COMPLETED` | other effects stated nowhere |',
    summary: 'PATCH with status COMPLETED leaves the task with status COMPLETED',
    endpoints: ['PATCH /task/{task_id}'],
  },
  'task.delete.archives': {
    level: 'MUST',
    section: 'Endpoints › Tasks',
    quote: '| DELETE | /task/{task_id} | none | archives the task |',
    summary: 'DELETE /task/{id} answers 2xx; where the server lets the task be read, it shows a non-null archived_at',
    endpoints: ['DELETE /task/{task_id}'],
  },
  'task.patch.relationships-not-patchable': {
    level: 'MUST',
    section: 'Endpoints › Tasks',
    quote: 'account and pipeline relationships are not patchable here',
    summary:
      'PATCH /task/{id} setting an account or pipeline relationship (account_id, pipeline_id) never stores it: refused with the error body, or ignored',
    endpoints: ['PATCH /task/{task_id}'],
  },
} as const satisfies Record<string, Rule>;

export const NOTE_MEETING_RULES = {
  'note.get.record': {
    level: 'MUST',
    section: 'Endpoints › Notes and meetings',
    quote: '| GET | /note/{note_id} | `{ data: note record }` |',
    summary: 'GET /note/{id} answers { data: note record }',
    endpoints: ['GET /note/{note_id}'],
  },
  'meeting.get.record': {
    level: 'MUST',
    section: 'Endpoints › Notes and meetings',
    quote: '| GET | /meeting/{meeting_id} | `{ data: meeting record }` |',
    summary: 'GET /meeting/{id} answers { data: meeting record }',
    endpoints: ['GET /meeting/{meeting_id}'],
  },
  'meeting.read-only': {
    level: 'MUST',
    section: 'Resources and their fields › Meeting attributes (response; read-only resource)',
    quote: '### Meeting attributes (response; read-only resource)',
    summary: 'no write method on a meeting answers 2xx, and the meeting is unchanged',
    endpoints: ['GET /meeting/{meeting_id}'],
  },
  'meeting.transcript': {
    level: 'MUST',
    section: 'Endpoints › Notes and meetings',
    quote:
      '| GET | /meeting/{meeting_id}/transcript | `{ data: { url: string, expires_at: timestamp, format: string } }`; `url` is pre-signed |',
    summary: 'the transcript read answers { data: { url, expires_at, format } } with an absolute url',
    endpoints: ['GET /meeting/{meeting_id}/transcript'],
  },
  'meeting.transcript.valid-until': {
    level: 'MUST',
    section: 'Limits',
    quote: '| pre-signed transcript link | valid until the returned `expires_at` |',
    summary: 'a freshly issued transcript link expires in the future',
    endpoints: ['GET /meeting/{meeting_id}/transcript'],
  },
  'meeting.transcript.link-answers': {
    level: 'MUST',
    section: 'Limits',
    quote: '| pre-signed transcript link | valid until the returned `expires_at` |',
    summary:
      'a freshly issued transcript url answers 2xx to a GET without the API key (it is pre-signed) before its expires_at',
    endpoints: ['GET /meeting/{meeting_id}/transcript'],
  },
} as const satisfies Record<string, Rule>;
