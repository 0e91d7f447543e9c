import { defineFault } from './define.js';
import { mapErrors, recoded } from './kit.js';

/**
 * a request to a cus_obj__ api_name that names no custom object answers with the code record_not_found instead of
 * unknown_record_type
 */
export default defineFault({
  id: 'unknown-type-wrong-code',
  breaks: ['custom-object.unknown-type'],
  description:
    'a request to a cus_obj__ api_name that names no custom object answers with the code record_not_found instead of unknown_record_type',
  apply(state) {
    mapErrors(state, (error, reply, request) => {
      if (error.code !== 'unknown_record_type' || !request.path.startsWith('/cus_obj__')) return undefined;
      return recoded(error, reply, 'record_not_found');
    });
  },
});
