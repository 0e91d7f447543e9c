import { defineFault } from './define.js';
import { onRequest } from './kit.js';

/** Any request body is parsed as JSON, whatever its Content-Type. */
export default defineFault({
  id: 'unsupported-media-accepted',
  breaks: ['media.unsupported-type-415', 'media.text-plain-json-415'],
  description:
    'request bodies are parsed as JSON whatever their Content-Type, so text/plain or form bodies are never refused 415',
  apply(state) {
    onRequest(state, (req) => {
      if (req.headers['content-type'] !== undefined) req.headers['content-type'] = 'application/json';
    });
  },
});
