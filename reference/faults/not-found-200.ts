import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** A GET of a record that does not exist answers 200 { data: null }. */
export default defineFault({
  id: 'not-found-200',
  breaks: ['error.record-not-found'],
  description: 'a GET of a well-formed id that names no record answers 200 { data: null }',
  apply(state) {
    mapErrors(state, (error, _reply, request) => {
      if (request.method !== 'GET' || error.code !== 'record_not_found' || error.details?.['record_id'] === undefined)
        return undefined;
      return { status: 200, body: { data: null } };
    });
  },
});
