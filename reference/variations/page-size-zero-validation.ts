import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

/**
 * A page_size that is no integer of at least 1 fails the query's validation: 422
 * request_validation_failed ("request body or parameters fail validation"), a listed code that fits
 * as well as limit_out_of_range ("page limit out of range").
 */
export default defineVariation({
  id: 'page-size-zero-validation',
  description:
    'page_size=0 (or any page_size that is no integer of at least 1) is answered 422 request_validation_failed, not limit_out_of_range.',
  quote: '| request_validation_failed | request body or parameters fail validation |',
  affects: ['pagination.*', 'error.*', 'robustness.*'],
  apply: withProfile({ pageSizeBelowMinimum: 'request_validation_failed' }),
});
