import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/** The contact schema says stage is not required on create, although the spec states it is. */
export default defineFault({
  id: 'schema-stage-not-required',
  breaks: ['discovery.schema-contact-attributes'],
  description: 'GET /_schema/contact gives stage is_required_on_create false, though a contact create requires it',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (request.method !== 'GET' || request.path !== '/_schema/contact' || reply.status !== 200 || !isObj(reply.body))
        return reply;
      const body = structuredClone(reply.body);
      const data = body['data'];
      const attributes = isObj(data) && Array.isArray(data['attributes']) ? data['attributes'] : [];
      for (const a of attributes) if (isObj(a) && a['api_name'] === 'stage') a['is_required_on_create'] = false;
      return { ...reply, body };
    });
  },
});
