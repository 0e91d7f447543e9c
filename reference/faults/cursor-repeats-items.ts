import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/** Each next_cursor starts one item early, so consecutive pages overlap by one item. */
export default defineFault({
  id: 'cursor-repeats-items',
  breaks: ['pagination.cursor-walk'],
  description:
    "next_cursor starts one item before the end of the page, so every page repeats the previous page's last item",
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (request.method !== 'GET' || !isObj(reply.body) || typeof reply.body['next_cursor'] !== 'string') return reply;
      // pages of one item would repeat forever; those are left alone
      if (!Array.isArray(reply.body['items']) || reply.body['items'].length < 2) return reply;
      const offset = state.profile.decodeCursor(reply.body['next_cursor']);
      if (offset === undefined) return reply;
      return { ...reply, body: { ...reply.body, next_cursor: state.profile.encodeCursor(offset - 1) } };
    });
  },
});
