import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';
import type { Handler } from '../router.js';

const ignorePageSize =
  (inner: Handler): Handler =>
  (ctx) => {
    const query = new URLSearchParams(ctx.query);
    query.delete('page_size');
    return inner({ ...ctx, query });
  };

/** page_size is ignored: every page holds up to 50 edges. */
export default defineFault({
  id: 'page-size-ignored',
  breaks: ['pagination.page-size-honoured'],
  description: 'relationship reads ignore page_size and always answer pages of up to 50 items',
  apply(state) {
    wrapRoute(state, 'GET', '/contact/:contact_id/relationship/:api_name', ignorePageSize);
    wrapRoute(state, 'GET', '/opportunity/:opportunity_id/relationship/:api_name', ignorePageSize);
    wrapRoute(state, 'GET', '/:custom_object_api_name/:record_id/relationship/:api_name', ignorePageSize);
  },
});
