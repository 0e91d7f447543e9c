import type { Rule } from '../../../../lib/catalogue/rule.js';

/**
 * What HTTP itself asks of the server, where the spec relies on HTTP and leaves the choice open.
 * SHOULD rules rest on a SHOULD an HTTP RFC states; the quote is the RFC's, with its section.
 */
export const HTTP_RULES = {
  'http.delete-success-status': {
    level: 'SHOULD',
    section: 'RFC 9110 §9.3.5 (DELETE)',
    quote:
      'If a DELETE method is successfully applied, the origin server SHOULD send a 202 (Accepted) status code if the action will likely succeed but has not yet been enacted, a 204 (No Content) status code if the action has been enacted and no further information is to be supplied, or a 200 (OK) status code if the action has been enacted and the response message includes a representation describing the status.',
    summary:
      'a DELETE that succeeds answers 200, 202 or 204 (the spec leaves which open: "Response bodies of the DELETE operations: not shown")',
    endpoints: [
      'DELETE /account/{account_id}',
      'DELETE /account/{account_id}/attribute/domains/{domain_name}',
      'DELETE /opportunity/{opportunity_id}/relationship/{api_name}/{target_id}',
      'DELETE /task/{task_id}',
      'DELETE /{custom_object_api_name}/{record_id}',
    ],
  },
} as const satisfies Record<string, Rule>;
