import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** An unknown cus_obj__ api_name answers 200 with nothing in it. */
export default defineFault({
  id: 'unknown-custom-object-200',
  breaks: ['custom-object.unknown-type'],
  description:
    'requests to a cus_obj__ api_name that names no custom object answer 200 { data: null } instead of an error',
  apply(state) {
    mapErrors(state, (error, _reply, request) => {
      if (error.code !== 'unknown_record_type' || !request.path.startsWith('/cus_obj__')) return undefined;
      return { status: 200, body: { data: null } };
    });
  },
});
