import { defineFault } from './define.js';
import { mapErrors, recoded } from './kit.js';

/**
 * a relationship POST whose target does not exist answers with the code record_not_found instead of
 * target_record_not_found
 */
export default defineFault({
  id: 'target-not-found-wrong-code',
  breaks: ['error.code.target-record-not-found'],
  description:
    'a relationship POST whose target does not exist answers with the code record_not_found instead of target_record_not_found',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'target_record_not_found') return undefined;
      return recoded(error, reply, 'record_not_found');
    });
  },
});
