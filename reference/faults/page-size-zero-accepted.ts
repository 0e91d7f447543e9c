import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';
import type { Handler } from '../router.js';

const zeroIsDefault =
  (inner: Handler): Handler =>
  (ctx) => {
    const size = ctx.query.get('page_size');
    if (size === null || !/^\s*[+-]?\d+\s*$/.test(size) || Number(size) >= 1) return inner(ctx);
    const query = new URLSearchParams(ctx.query);
    query.delete('page_size');
    return inner({ ...ctx, query });
  };

/** page_size below 1 is taken as the default instead of rejected. */
export default defineFault({
  id: 'page-size-zero-accepted',
  breaks: ['pagination.page-size-minimum'],
  description: 'a page_size below 1 is treated as the default (50) instead of being rejected',
  apply(state) {
    wrapRoute(state, 'GET', '/contact/:contact_id/relationship/:api_name', zeroIsDefault);
    wrapRoute(state, 'GET', '/opportunity/:opportunity_id/relationship/:api_name', zeroIsDefault);
    wrapRoute(state, 'GET', '/:custom_object_api_name/:record_id/relationship/:api_name', zeroIsDefault);
  },
});
