import { defineFault } from './define.js';
import { mapReplies, recordOfBody } from './kit.js';

/** GET of one record answers the bare record, without the { data } wrapper (writes keep it). */
export default defineFault({
  id: 'get-record-not-enveloped',
  breaks: ['record.envelope'],
  description: 'single-record GETs answer the record itself instead of { data: record }',
  apply(state) {
    mapReplies(state, (reply, request) => {
      const record = request.method === 'GET' ? recordOfBody(reply.body) : undefined;
      return record ? { ...reply, body: record } : reply;
    });
  },
});
