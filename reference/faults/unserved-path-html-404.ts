import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/**
 * A path under the base URL that no route serves never reaches the API: the web framework answers
 * it with its own 404 page, in HTML: neither the error body nor JSON. Every path a route serves still
 * answers the error body.
 */
export default defineFault({
  id: 'unserved-path-html-404',
  breaks: ['error.body', 'media.json-responses'],
  description: "a path under the base URL that no route serves is answered 404 with the web framework's HTML page",
  apply(state) {
    mapErrors(state, (error, reply, request) => {
      // the router's own 404 (its details name the path), on a path of one segment
      if (reply.status !== 404 || error.details?.['path'] !== request.path || !/^\/[^/]+$/.test(request.path))
        return undefined;
      return {
        status: 404,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        raw: `<!DOCTYPE html><html><body><pre>Cannot ${request.method} ${request.path}</pre></body></html>`,
      };
    });
  },
});
