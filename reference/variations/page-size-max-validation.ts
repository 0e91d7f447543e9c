import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

/**
 * A page_size above the server's own maximum fails the query's validation: 422
 * request_validation_failed ("request body or parameters fail validation"), a listed code that fits
 * as well as limit_out_of_range ("page limit out of range"), as for page_size=0.
 */
export default defineVariation({
  id: 'page-size-max-validation',
  description:
    "A page_size above the server's maximum (100) is answered 422 request_validation_failed, not limit_out_of_range.",
  quote: '| request_validation_failed | request body or parameters fail validation |',
  affects: ['pagination.*', 'error.*', 'robustness.*'],
  apply: withProfile({ pageSizeAboveMaximum: 'request_validation_failed' }),
});
