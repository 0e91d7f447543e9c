import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/**
 * The schema summary lists only the built-in record types: the summary is built from the static
 * type registry, and custom objects (defined per workspace) never make it in.
 */
export default defineFault({
  id: 'schema-summary-no-custom-objects',
  breaks: ['discovery.summary-lists-custom-object'],
  description: 'GET /_organization_schema_summary lists the built-in record types but no custom object',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (
        request.method !== 'GET' ||
        request.path !== '/_organization_schema_summary' ||
        reply.status !== 200 ||
        !isObj(reply.body)
      )
        return reply;
      const body = structuredClone(reply.body);
      if (isObj(body['data'])) body['data']['custom_objects'] = [];
      return { ...reply, body };
    });
  },
});
