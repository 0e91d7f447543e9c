import { defineFault } from './define.js';
import { mapReplies } from './kit.js';
import { apiError, errorBody } from '../errors.js';

/**
 * The upsert's write fails: every valid upsert (one the handler answered 2xx) is answered 500 with
 * the error body, as when the database refuses the write; invalid ones keep their 4xx. The custom-
 * object upsert is the set-up step of many checks, so this proves they are blocked, not failed.
 */
export default defineFault({
  id: 'upsert-write-fails',
  breaks: ['custom-object.upsert.creates'],
  description: 'every valid custom-object upsert answers 500 (the write fails) instead of the record',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (request.method !== 'POST' || !request.path.endsWith('/_upsert') || reply.status < 200 || reply.status > 299) return reply;
      return { ...reply, status: 500, body: errorBody(apiError(500, 'write_not_supported', 'Internal error: the record could not be written'), state.profile) };
    });
  },
});
