import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';
import type { Handler } from '../router.js';

const defaultTwenty =
  (inner: Handler): Handler =>
  (ctx) => {
    if (ctx.query.get('page_size') !== null) return inner(ctx);
    const query = new URLSearchParams(ctx.query);
    query.set('page_size', '20');
    return inner({ ...ctx, query });
  };

/** Without page_size, relationship reads answer pages of 20, not 50. */
export default defineFault({
  id: 'page-size-default-20',
  breaks: ['pagination.page-size-default'],
  description:
    'relationship reads without page_size answer pages of up to 20 items instead of the stated default of 50',
  apply(state) {
    wrapRoute(state, 'GET', '/:custom_object_api_name/:record_id/relationship/:api_name', defaultTwenty);
  },
});
