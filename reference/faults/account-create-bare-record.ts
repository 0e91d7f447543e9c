import { defineFault } from './define.js';
import { mapReplies, recordOfBody } from './kit.js';

/** POST /account answers the record itself, without { data }. */
export default defineFault({
  id: 'account-create-bare-record',
  breaks: ['account.create.record', 'record.envelope'],
  description: 'POST /account answers the created record itself instead of { data: record }',
  apply(state) {
    mapReplies(state, (reply, request) => {
      const record = request.method === 'POST' && request.path === '/account' ? recordOfBody(reply.body) : undefined;
      return record ? { ...reply, body: record } : reply;
    });
  },
});
