import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/** Relationship POST answers leave out parent. */
export default defineFault({
  id: 'relationship-post-no-parent',
  breaks: ['contact.relationship.post', 'opportunity.relationship.post'],
  description: 'a relationship POST answers { api_name, item } without parent',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (
        request.method !== 'POST' ||
        !request.path.includes('/relationship/') ||
        !isObj(reply.body) ||
        !('parent' in reply.body)
      )
        return reply;
      const { parent: _dropped, ...body } = reply.body;
      return { ...reply, body };
    });
  },
});
