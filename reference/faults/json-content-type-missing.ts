import { defineFault } from './define.js';
import { mapReplies } from './kit.js';

/** Responses are labelled text/plain (the JSON is unchanged). */
export default defineFault({
  id: 'json-content-type-missing',
  breaks: ['media.json-responses'],
  description: 'responses carry Content-Type text/plain; charset=utf-8 although their body is JSON',
  apply(state) {
    mapReplies(state, (reply) => ({
      ...reply,
      headers: { ...(reply.headers ?? {}), 'Content-Type': 'text/plain; charset=utf-8' },
    }));
  },
});
