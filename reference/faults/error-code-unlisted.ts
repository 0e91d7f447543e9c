import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** record_not_found is reported with the unlisted code "not_found". */
export default defineFault({
  id: 'error-code-unlisted',
  breaks: ['error.code-listed'],
  description:
    'a missing record is reported with code "not_found", which is not in the spec\'s list (record_not_found is)',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'record_not_found') return undefined;
      return {
        ...reply,
        body: { ...error, code: 'not_found', details: error.details ? { ...error.details, code: 'not_found' } : null },
      };
    });
  },
});
