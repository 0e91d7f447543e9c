import { defineFault } from './define.js';
import { mapReplies } from './kit.js';

/**
 * Every DELETE that succeeds answers 201 Created, body and all. Still a 2xx, so every MUST rule
 * holds; only HTTP's own SHOULD (RFC 9110 §9.3.5: 200, 202 or 204) is broken, and the run exits 0.
 */
export default defineFault({
  id: 'delete-answers-201',
  breaks: ['http.delete-success-status'],
  description: 'a DELETE that succeeds answers 201 instead of 200, 202 or 204',
  apply(state) {
    mapReplies(state, (reply, request) =>
      request.method === 'DELETE' && reply.status >= 200 && reply.status <= 299 ? { ...reply, status: 201 } : reply,
    );
  },
});
