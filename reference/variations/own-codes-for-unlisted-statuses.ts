import { isObj, mapReplies } from '../faults/kit.js';
import { defineVariation } from './define.js';

/** Statuses no listed code names: the server answers them with codes of its own. */
const OWN: Record<number, string> = { 403: 'forbidden', 405: 'method_not_allowed', 406: 'not_acceptable' };

export default defineVariation({
  id: 'own-codes-for-unlisted-statuses',
  description:
    "403, 405 and 406 carry codes of the server's own (`forbidden`, `method_not_allowed`, `not_acceptable`).",
  quote: '| code | string | machine-readable code from the list below |',
  affects: ['error.*', 'auth.*', 'http.*', 'media.*', 'meeting.*'],
  apply: (state) => {
    mapReplies(state, (reply) => {
      const code = OWN[reply.status];
      if (code === undefined || !isObj(reply.body)) return reply;
      const details = isObj(reply.body['details']) ? { ...reply.body['details'], code } : reply.body['details'];
      return { ...reply, body: { ...reply.body, code, details } };
    });
  },
});
