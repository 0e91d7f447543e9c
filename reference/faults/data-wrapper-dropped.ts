import { defineFault } from './define.js';
import { mapReplies, recordOfBody } from './kit.js';

/**
 * Every single-record answer, reads and writes alike, is the bare record without its { data }
 * wrapper: one cause, which the suite must report once, under record.envelope, and not as a
 * deviation of every rule whose check reads a record.
 */
export default defineFault({
  id: 'data-wrapper-dropped',
  breaks: ['record.envelope'],
  description: 'every single-record answer is the bare record instead of { data: record }',
  apply(state) {
    mapReplies(state, (reply) => {
      const record = recordOfBody(reply.body);
      return record ? { ...reply, body: record } : reply;
    });
  },
});
