import { schemaUri } from '../ids.js';

export const requestValidationFailedDetails = {
  $id: schemaUri('errors/request-validation-failed-details'),
  $comment:
    'spec: errors: "details for request_validation_failed: { loc: array, type: string, all_errors: array, code: "request_validation_failed" }". Item shapes of loc and all_errors are not shown.',
  type: 'object',
  required: ['loc', 'type', 'all_errors', 'code'],
  properties: {
    loc: { type: 'array' },
    type: { type: 'string' },
    all_errors: { type: 'array' },
    code: { const: 'request_validation_failed' },
  },
} as const;
