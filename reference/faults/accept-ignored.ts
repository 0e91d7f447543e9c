import { defineFault } from './define.js';
import { onRequest } from './kit.js';

/**
 * The Accept header is ignored: every request is answered with JSON, so a client accepting only
 * text/html gets a 2xx JSON body instead of 406.
 */
export default defineFault({
  id: 'accept-ignored',
  breaks: ['media.not-acceptable-406'],
  description: 'the Accept header is ignored: a request accepting only text/html is answered with JSON instead of 406',
  apply(state) {
    onRequest(state, (req) => {
      delete req.headers.accept;
    });
  },
});
