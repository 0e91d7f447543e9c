import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** A missing match key is a 400 request_validation_failed instead of missing_match_key. */
export default defineFault({
  id: 'upsert-missing-match-key-wrong-code',
  breaks: ['custom-object.upsert.missing-match-key'],
  description:
    'an upsert without match (or match.field) is reported as 400 request_validation_failed instead of missing_match_key',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'missing_match_key') return undefined;
      const issue = { loc: ['body', 'match'], type: 'missing', msg: error.message };
      return {
        ...reply,
        status: 400,
        body: {
          ...error,
          status_code: 400,
          code: 'request_validation_failed',
          details: { ...issue, all_errors: [issue], code: 'request_validation_failed' },
        },
      };
    });
  },
});
