import type { OpenPoint } from '../../../lib/catalogue/rule.js';

/** What the spec leaves open ("not shown"). The suite asserts none of it; some of it it observes. */
export const OPEN_POINTS: readonly OpenPoint[] = [
  {
    section: 'Endpoints › Gaps in endpoint coverage',
    quote: 'Success status codes of every operation except contact create (201): not shown.',
    observed: "each operation's success status",
  },
  {
    section: 'Endpoints › Gaps in endpoint coverage',
    quote: 'Response bodies of the DELETE operations: not shown.',
    observed: "each DELETE's status and whether it had a body",
  },
  {
    section: 'Endpoints › Gaps in endpoint coverage',
    quote: 'Query parameters of the contact-accounts relationship read: not shown.',
  },
  {
    section: 'Endpoints › Gaps in endpoint coverage',
    quote: 'Rule for how an upsert decides between create and update, and its success status: not shown.',
    observed: 'upsert statuses for create and update',
  },
  {
    section: 'Endpoints › Gaps in endpoint coverage',
    quote: 'Endpoints for listing or searching records, and for creating tasks, notes or meetings: not shown.',
  },
  {
    section: 'Errors',
    quote: 'Mapping of each code to an HTTP status (except those stated above): not shown.',
    observed: 'every error code the run provoked, with its HTTP status',
  },
  { section: 'Errors', quote: 'Shape of `details` for every code other than `request_validation_failed`: not shown.' },
  {
    section: 'Errors',
    quote: 'Status codes documented per operation: … 406 not acceptable …',
    observed: 'what a request accepting only text/html gets',
    why: 'RFC 9110 §12.5.1: the origin server "can either honor the header field by sending a 406 (Not Acceptable) response or disregard the header field"; a 406 must carry the error body and a success must be JSON, which are checked (error.body, media.json-responses)',
  },
  {
    section: 'Errors',
    quote: '| field_required_missing | a required field is absent |',
    observed: 'the code a contact create without stage gets',
    why: 'request_validation_failed ("request body or parameters fail validation") fits a missing stage too, and the spec names neither as the one to use; the rejection itself is checked (contact.create.stage-required)',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    quote: 'Contact fields in the create request beyond first_name, last_name, middle_name and title: not shown.',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    quote:
      'Request attribute sets for account create, opportunity create and task patch beyond the fields named above: not shown.',
  },
  {
    section: 'Resources and their fields › Write request attribute forms',
    quote:
      'Allowed values of every enum attribute (task status other than the value `COMPLETED`, priority, meeting enums): not shown.',
  },
  {
    section: 'States and transitions',
    quote: 'Transitions between contact, account and opportunity stages: not shown.',
  },
  { section: 'States and transitions', quote: 'Task status transition rules other than the one above: not shown.' },
  { section: 'Discovery', quote: 'Their response shapes: not shown.' },
  { section: 'Authentication', quote: 'How keys are issued, scoped or rotated: not shown.' },
  { section: 'Authentication', quote: 'A separate header for `ApiKeyAuth`: not shown.' },
  { section: 'Events', quote: 'Events, webhooks and callbacks: not shown. No event kinds are described.' },
  { section: 'Limits', quote: 'Maximum page_size: not shown.', observed: 'what a page_size of 1000 gets' },
  {
    section: 'Limits',
    quote: 'Rate-limit quota and window: not shown.',
    observed: 'how many 429 answers the run retried',
  },
  { section: 'Limits', quote: 'Maximum payload size and numeric depth and sort limits: not shown.' },
  { section: 'Versioning', quote: 'Deprecation policy and behavior for other versions: not shown.' },
];
