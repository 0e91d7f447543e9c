import { defineFault } from './define.js';
import { onRequest } from './kit.js';

/**
 * Any request body is parsed as JSON, whatever its Content-Type: valid JSON sent as text/plain is
 * taken (the strict reading's deviation), while an XML or form body, which is no JSON, is refused as
 * failing validation, which the other listed code allows (media.unsupported-type-415 `accepts`).
 */
export default defineFault({
  id: 'unsupported-media-accepted',
  breaks: ['media.text-plain-json-415'],
  description:
    'request bodies are parsed as JSON whatever their Content-Type, so valid JSON sent as text/plain is taken',
  apply(state) {
    onRequest(state, (req) => {
      if (req.headers['content-type'] !== undefined) req.headers['content-type'] = 'application/json';
    });
  },
});
