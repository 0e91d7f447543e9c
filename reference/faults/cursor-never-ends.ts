import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/** The last page's next_cursor points back at the first page instead of being null. */
export default defineFault({
  id: 'cursor-never-ends',
  breaks: ['pagination.cursor-walk'],
  description:
    "the last relationship page's next_cursor is not null: it points back to the first page, so a walk never ends",
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (
        request.method !== 'GET' ||
        !request.path.includes('/relationship/') ||
        !isObj(reply.body) ||
        reply.body['next_cursor'] !== null
      )
        return reply;
      if (!Array.isArray(reply.body['items']) || reply.body['items'].length === 0) return reply;
      return { ...reply, body: { ...reply.body, next_cursor: state.profile.encodeCursor(0) } };
    });
  },
});
