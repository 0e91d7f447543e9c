import { defineFault } from './define.js';
import { isObj, mapReplies, on } from './kit.js';

/**
 * The opportunity-contact edge carries an is_primary flag it stores as text: the boolean-typed value
 * in the item's through.attributes holds the string "false". No check reads that item's through
 * attributes; the run's observer judges every typed value an answer shows.
 */
export default defineFault({
  id: 'through-boolean-as-string',
  breaks: ['value.shape'],
  description:
    'an opportunity relationship POST\'s item shows through.attributes.is_primary as { value_type: boolean, value: "false" }',
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (!on(request, 'POST', /^\/opportunity\/[^/]+\/relationship\/[^/]+$/) || !isObj(reply.body)) return reply;
      const body = structuredClone(reply.body);
      const through = isObj(body['item']) ? body['item']['through'] : undefined;
      if (!isObj(through) || !isObj(through['attributes'])) return reply;
      through['attributes']['is_primary'] = { value_type: 'boolean', value: 'false' };
      return { ...reply, body };
    });
  },
});
