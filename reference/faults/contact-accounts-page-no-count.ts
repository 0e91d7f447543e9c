import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/** Relationship pages leave out count. */
export default defineFault({
  id: 'contact-accounts-page-no-count',
  breaks: ['contact.accounts.page', 'pagination.page-shape'],
  description: 'relationship pages leave out count',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (
        request.method !== 'GET' ||
        !request.path.includes('/relationship/') ||
        !isObj(reply.body) ||
        !('count' in reply.body)
      )
        return reply;
      const { count: _dropped, ...body } = reply.body;
      return { ...reply, body };
    });
  },
});
