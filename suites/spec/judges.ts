import type { SpecJudges } from '../../lib/check/judges.js';
import { bodyShape } from '../../lib/check/body-shape.js';
import { errorAnswerViolations, errorBodyViolations } from './error-body.js';
import { envelopeProblem, recordOf } from './record.js';
import { recordViolations } from './record-violations.js';
import { validate } from './schemas/index.js';
import { bodyViolations } from './body-violations.js';
import { workspaceRequiredBlock } from './workspace-required.js';
import { seenValues } from './seen-values.js';
import { fixtureRefusedBlock } from './fixture-refused.js';

/** What this spec's error body, record envelope and schemas require of an answer, handed to the engine. */
export const JUDGES: SpecJudges = {
  errorBody: errorBodyViolations,
  noErrorCode: (r) => ({
    rule: 'error.body',
    expected: 'the error body { status_code, error_type, code, message, details }',
    actual: bodyShape(r),
  }),
  recordOf,
  noRecord: (r) => ({
    rule: 'record.envelope',
    expected: '{ data: record } with id and attributes',
    actual: envelopeProblem(r),
  }),
  record: recordViolations,
  validate,
  body: bodyViolations,
  refusedForTheUser: (ex, run) => workspaceRequiredBlock(ex) ?? (run ? fixtureRefusedBlock(ex, run) : undefined),
  // `{ data: record }`, a record's `attributes`, a typed value `{ value, value_type }`
  wrapping: { wrappers: ['data', 'attributes', 'value'], typeKey: 'value_type' },
  seen: seenValues,
  errorAnswer: errorAnswerViolations,
};
