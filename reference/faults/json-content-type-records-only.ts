import { defineFault } from './define.js';
import { mapReplies, recordOfBody } from './kit.js';

/**
 * Successes other than `{ data: record }` (relationship bodies, pages, the transcript link) are labelled text/plain.
 */
export default defineFault({
  id: 'json-content-type-records-only',
  breaks: ['media.json-responses'],
  description:
    'relationship writes and reads, pages and the transcript link answer Content-Type text/plain (records and errors stay application/json)',
  apply(state) {
    mapReplies(state, (reply) => {
      if (reply.status >= 300 || reply.body === undefined || recordOfBody(reply.body)) return reply;
      return { ...reply, headers: { ...(reply.headers ?? {}), 'Content-Type': 'text/plain; charset=utf-8' } };
    });
  },
});
