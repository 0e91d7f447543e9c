import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/** The contact schema leaves out the activity timestamps, and gives department no is_required_on_create. */
export default defineFault({
  id: 'schema-contact-partial',
  breaks: ['discovery.schema-contact-attributes'],
  description:
    'GET /_schema/contact leaves the last_* activity timestamps out of its attributes, and department without is_required_on_create',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (request.method !== 'GET' || request.path !== '/_schema/contact' || reply.status !== 200 || !isObj(reply.body))
        return reply;
      const body = structuredClone(reply.body);
      const data = body['data'];
      const listed: unknown = isObj(data) ? data['attributes'] : undefined;
      if (!isObj(data) || !Array.isArray(listed)) return reply;
      const kept = listed.filter(
        (a) =>
          !(
            isObj(a) &&
            typeof a['api_name'] === 'string' &&
            a['api_name'].startsWith('last_') &&
            a['api_name'] !== 'last_name'
          ),
      );
      for (const a of kept) if (isObj(a) && a['api_name'] === 'department') delete a['is_required_on_create'];
      data['attributes'] = kept;
      return { ...reply, body };
    });
  },
});
