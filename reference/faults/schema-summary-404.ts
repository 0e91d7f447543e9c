import { defineFault } from './define.js';
import { mapReplies } from './kit.js';

/** GET /_organization_schema_summary is not served. */
export default defineFault({
  id: 'schema-summary-404',
  breaks: ['discovery.schema-summary'],
  description: 'GET /_organization_schema_summary answers 404 record_not_found (not implemented)',
  apply(state) {
    mapReplies(state, (reply, request) =>
      request.method === 'GET' && request.path === '/_organization_schema_summary' && reply.status === 200
        ? {
            status: 404,
            body: {
              status_code: 404,
              error_type: state.profile.errorType(404),
              code: 'record_not_found',
              message: 'No resource at /_organization_schema_summary',
              details: null,
            },
          }
        : reply,
    );
  },
});
