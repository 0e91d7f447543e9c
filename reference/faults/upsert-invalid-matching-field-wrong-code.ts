import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/**
 * A match on an attribute the object lacks is reported as invalid_filter_field (a code of filters,
 * which upserts have none of).
 */
export default defineFault({
  id: 'upsert-invalid-matching-field-wrong-code',
  breaks: ['custom-object.upsert.invalid-matching-field'],
  description:
    'an upsert matching on an attribute the custom object does not have is reported as invalid_filter_field instead of invalid_matching_field',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'invalid_matching_field') return undefined;
      return {
        ...reply,
        body: {
          ...error,
          code: 'invalid_filter_field',
          details: { ...(error.details ?? {}), code: 'invalid_filter_field' },
        },
      };
    });
  },
});
