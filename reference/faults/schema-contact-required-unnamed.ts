import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/**
 * The contact schema lists its attributes without is_required_on_create: the server exposes its
 * internal column metadata, where the flag is called `nullable` (the inverse). Still a 200 JSON
 * body with the attributes and stage lists; only the stated field is missing.
 */
export default defineFault({
  id: 'schema-contact-required-unnamed',
  breaks: ['discovery.schema-contact-lists'],
  description: 'GET /_schema/contact lists attributes with nullable instead of is_required_on_create',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (
        request.method !== 'GET' ||
        !/^\/_schema\/[^/]+$/.test(request.path) ||
        reply.status !== 200 ||
        !isObj(reply.body)
      )
        return reply;
      const body = structuredClone(reply.body);
      const data = body['data'];
      const attributes = isObj(data) && Array.isArray(data['attributes']) ? data['attributes'] : [];
      for (const a of attributes) {
        if (!isObj(a)) continue;
        a['nullable'] = a['is_required_on_create'] !== true;
        delete a['is_required_on_create'];
      }
      return { ...reply, body };
    });
  },
});
