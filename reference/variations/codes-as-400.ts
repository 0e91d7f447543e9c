import { isObj, mapReplies } from '../faults/kit.js';
import { defineVariation } from './define.js';

export default defineVariation({
  id: 'codes-as-400',
  description:
    'Every 422 (unknown_field, field_value_invalid, missing_match_key, …) is a 400 instead, except the stated empty-attributes 422.',
  quote: 'Mapping of each code to an HTTP status (except those stated above): not shown.',
  affects: ['*'],
  apply: (state) => {
    mapReplies(state, (reply) => {
      if (reply.status !== 422 || !isObj(reply.body) || reply.body['code'] === 'request_validation_failed')
        return reply;
      return { ...reply, status: 400, body: { ...reply.body, status_code: 400 } };
    });
  },
});
