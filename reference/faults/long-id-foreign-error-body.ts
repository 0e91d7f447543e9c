import { defineFault } from './define.js';
import { mapReplies } from './kit.js';

/** Longer than this, a path segment is refused by the server's framework before the API sees it. */
const MAX_SEGMENT = 255;

/**
 * The web framework in front of the API refuses a path segment over 255 characters itself, at every
 * operation, with its own error body: one cause (the error body is not the spec's), seen at every
 * operation whose path carries an id. The suite must report it once, under error.body, listing the
 * operations: never once per operation, nor again under error.code-listed for a code that is no error
 * body's code.
 */
export default defineFault({
  id: 'long-id-foreign-error-body',
  breaks: ['error.body'],
  description:
    "a path id over 255 characters is refused by the web framework with its own error body ({ error, code: 'PATH_PARAM_TOO_LONG', message }), at every operation",
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (!request.path.split('/').some((s) => s.length > MAX_SEGMENT)) return reply;
      return {
        ...reply,
        status: 400,
        headers: { ...reply.headers, 'content-type': 'application/json' },
        body: {
          error: 'Bad Request',
          code: 'PATH_PARAM_TOO_LONG',
          message: `path parameter exceeds ${MAX_SEGMENT} characters`,
        },
      };
    });
  },
});
