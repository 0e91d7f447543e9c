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
};
