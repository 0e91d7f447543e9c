import { defineFault } from './define.js';
import { mapReplies } from './kit.js';

/** GET /_schema/contact is not served. */
export default defineFault({
  id: 'schema-contact-404',
  breaks: ['discovery.schema-contact'],
  description: 'GET /_schema/contact answers 404 record_not_found (schema discovery not implemented)',
  apply(state) {
    mapReplies(state, (reply, request) =>
      request.method === 'GET' && request.path === '/_schema/contact' && reply.status === 200
        ? {
            status: 404,
            body: {
              status_code: 404,
              error_type: state.profile.errorType(404),
              code: 'record_not_found',
              message: 'No resource at /_schema/contact',
              details: null,
            },
          }
        : reply,
    );
  },
});
