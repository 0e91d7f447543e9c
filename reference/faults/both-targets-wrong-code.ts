import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** Both or neither target key is a 400 request_validation_failed, not field_value_invalid. */
export default defineFault({
  id: 'both-targets-wrong-code',
  breaks: ['relationship.post.exactly-one-target'],
  description:
    'both or neither relationship target key is reported as 400 request_validation_failed instead of field_value_invalid',
  apply(state) {
    mapErrors(state, (error, reply, request) => {
      const reason = error.details?.['reason'];
      if (
        request.method !== 'POST' ||
        error.code !== 'field_value_invalid' ||
        (reason !== 'both sent' && reason !== 'neither sent')
      )
        return undefined;
      const issue = { loc: ['body'], type: 'value_error', msg: error.message };
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
