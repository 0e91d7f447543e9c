import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/** The phone item patch answers { data: <item> } instead of { data: { id, envelope } }. */
export default defineFault({
  id: 'phone-item-patch-wrong-shape',
  breaks: ['contact.phone-item.patch'],
  description: 'a phone item patch answers { data: item } instead of { data: { id, envelope: item } }',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (
        request.method !== 'PATCH' ||
        !request.path.includes('/attribute/contact_phone_numbers/') ||
        reply.status >= 400
      )
        return reply;
      const data = isObj(reply.body) ? reply.body['data'] : undefined;
      return isObj(data) && isObj(data['envelope']) ? { ...reply, body: { data: data['envelope'] } } : reply;
    });
  },
});
