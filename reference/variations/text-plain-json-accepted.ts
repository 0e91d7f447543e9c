import { onRequest } from '../faults/kit.js';
import { defineVariation } from './define.js';

export default defineVariation({
  id: 'text-plain-json-accepted',
  description: 'A JSON body sent as `text/plain` is read as JSON (a body that is not JSON is then a 400).',
  quote: 'All requests and responses use `application/json`.',
  affects: ['media.*', 'robustness.*'],
  apply: (state) => {
    onRequest(state, (req) => {
      if (/^text\/plain\b/i.test(req.headers['content-type'] ?? '')) req.headers['content-type'] = 'application/json';
    });
  },
});
