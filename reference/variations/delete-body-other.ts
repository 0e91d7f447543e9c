import { mapReplies } from '../faults/kit.js';
import { defineVariation } from './define.js';

export default defineVariation({
  id: 'delete-body-other',
  description: 'Every successful DELETE answers 200 with `{ "deleted": true }` instead of the record.',
  quote: 'Response bodies of the DELETE operations: not shown.',
  affects: ['account.*', 'task.*', 'custom-object.*', 'opportunity.*', 'http.*', 'generated.*'],
  conflicts: ['delete-204'],
  apply: (state) => {
    mapReplies(state, (reply, request) => {
      if (request.method !== 'DELETE' || reply.status < 200 || reply.status > 299) return reply;
      return { ...reply, status: 200, body: { deleted: true } };
    });
  },
});
