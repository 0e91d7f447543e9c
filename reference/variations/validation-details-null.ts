import { isObj, mapReplies } from '../faults/kit.js';
import { defineVariation } from './define.js';

export default defineVariation({
  id: 'validation-details-null',
  description: 'A request_validation_failed error carries `details: null`.',
  quote: '| details | object or null | optional; shape depends on `code`, discriminated by the `code` inside details |',
  affects: ['error.*', 'write.*', 'contact.*', 'task.*', 'custom-object.*', 'robustness.*', 'media.*', 'pagination.*'],
  apply: (state) => {
    mapReplies(state, (reply) => {
      if (!isObj(reply.body) || reply.body['code'] !== 'request_validation_failed') return reply;
      return { ...reply, body: { ...reply.body, details: null } };
    });
  },
});
