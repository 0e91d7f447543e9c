import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';
import type { Json } from './kit.js';

function bareRole(item: unknown): void {
  const through = isObj(item) ? item['through'] : undefined;
  const attributes = isObj(through) ? through['attributes'] : undefined;
  if (isObj(attributes) && isObj(attributes['role'])) attributes['role'] = attributes['role']['value'];
}

/** Contact-account through.attributes.role is a bare string, not a string-typed value. */
export default defineFault({
  id: 'through-role-untyped',
  breaks: ['contact.accounts.through', 'contact.accounts.page'],
  description: "a contact-to-account item's through.attributes.role is a bare string instead of a string-typed value",
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (!request.path.includes('/relationship/') || !isObj(reply.body)) return reply;
      const body = structuredClone(reply.body);
      bareRole(body['item']);
      if (isObj(body['data'])) bareRole((body['data'] as Json)['item']);
      if (Array.isArray(body['items'])) body['items'].forEach(bareRole);
      return { ...reply, body };
    });
  },
});
