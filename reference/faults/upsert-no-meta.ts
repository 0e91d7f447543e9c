import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/** Upsert answers { data } without meta. */
export default defineFault({
  id: 'upsert-no-meta',
  breaks: ['custom-object.upsert.creates'],
  description: 'an upsert answers { data: record } without meta.matched_on',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (
        request.method !== 'POST' ||
        !request.path.endsWith('/_upsert') ||
        !isObj(reply.body) ||
        !('meta' in reply.body)
      )
        return reply;
      const { meta: _dropped, ...body } = reply.body;
      return { ...reply, body };
    });
  },
});
