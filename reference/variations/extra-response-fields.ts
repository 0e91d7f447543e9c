import { isObj, mapReplies } from '../faults/kit.js';
import { defineVariation } from './define.js';

let counter = 0;

export default defineVariation({
  id: 'extra-response-fields',
  description: 'Every JSON body carries a `request_id` at the top; records carry `links`; error bodies `doc_url`.',
  quote: 'silent: the response tables name the fields a body has, not that it has no others',
  affects: ['*'],
  apply: (state) => {
    mapReplies(state, (reply) => {
      if (!isObj(reply.body)) return reply;
      counter += 1;
      const body: Record<string, unknown> = { ...reply.body, request_id: `req_${counter}` };
      if ('code' in body && 'status_code' in body) body['doc_url'] = 'https://docs.reference.example/errors';
      const data = body['data'];
      if (isObj(data) && typeof data['id'] === 'string')
        body['data'] = { ...data, links: { self: `/records/${data['id']}` } };
      return { ...reply, body };
    });
  },
});
