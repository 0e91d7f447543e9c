import { ref, schemaUri } from '../ids.js';
import { ERROR_CODES } from './codes.js';

/**
 * The error body. details is optional and may be null. Its shape is stated only for
 * request_validation_failed; the spec says details is "discriminated by the code inside
 * details", so a details object whose code is request_validation_failed must have that shape,
 * and so must a non-null details of a body whose own code is request_validation_failed.
 */
export const errorBody = {
  $id: schemaUri('errors/error-body'),
  $comment:
    'spec: errors: body table (status_code integer, error_type string, code string from the list, message string, details object or null, optional) + "details for request_validation_failed". status_code "mirrors the HTTP status": compared with the response status by the check, not here.',
  type: 'object',
  required: ['status_code', 'error_type', 'code', 'message'],
  properties: {
    status_code: { type: 'integer' },
    error_type: { type: 'string' },
    code: { type: 'string', enum: ERROR_CODES },
    message: { type: 'string' },
    details: { type: ['object', 'null'] },
  },
  allOf: [
    {
      if: {
        type: 'object',
        required: ['details'],
        properties: {
          details: { type: 'object', required: ['code'], properties: { code: { const: 'request_validation_failed' } } },
        },
      },
      then: { properties: { details: ref('errors/request-validation-failed-details') } },
    },
    {
      if: {
        type: 'object',
        required: ['code', 'details'],
        properties: { code: { const: 'request_validation_failed' }, details: { type: 'object' } },
      },
      then: { properties: { details: ref('errors/request-validation-failed-details') } },
    },
  ],
} as const;
