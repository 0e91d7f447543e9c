import { defineFault } from './define.js';
import { mapErrors, recoded } from './kit.js';

/** a read of a record id that names no record answers with the code unknown_record_type instead of record_not_found */
export default defineFault({
  id: 'record-not-found-wrong-code',
  breaks: ['error.code.record-not-found'],
  description:
    'a read of a record id that names no record answers with the code unknown_record_type instead of record_not_found',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'record_not_found' || error.details?.['record_id'] === undefined) return undefined;
      return recoded(error, reply, 'unknown_record_type');
    });
  },
});
