import type { Catalogue } from '../../../lib/catalogue/catalogue.js';
import { RULES } from './catalogue.js';
import { RETIRED_RULES } from './retired.js';
import { STATEMENTS } from './statements-data.js';
import { OPEN_POINTS } from './open-points.js';
import { ERROR_CODES } from '../schemas/errors/codes.js';

/** The rule catalogue of the Public Records API v2, as the engine is handed it. */
export const CATALOGUE: Catalogue = {
  rules: RULES,
  retired: RETIRED_RULES,
  statements: STATEMENTS,
  openPoints: OPEN_POINTS,
  errorCodes: ERROR_CODES,
  // "A credential that is rejected as a key yields the code `invalid_api_key`" (with "yields 401"), and
  // "409 with code `contact_account_association_required`": every other code's status is "not shown"
  codeStatuses: { invalid_api_key: 401, contact_account_association_required: 409 },
};
