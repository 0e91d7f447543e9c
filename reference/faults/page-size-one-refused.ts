import { apiError } from '../errors.js';
import type { Handler } from '../router.js';
import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

const refuseOne =
  (inner: Handler): Handler =>
  (ctx) => {
    const size = ctx.query.get('page_size');
    if (size === null || Number(size) !== 1) return inner(ctx);
    throw apiError(400, 'limit_out_of_range', 'page_size must be at least 2', { field: 'page_size', minimum: 2 });
  };

/** page_size=1, the stated minimum, is refused as out of range. */
export default defineFault({
  id: 'page-size-one-refused',
  breaks: ['pagination.page-size-honoured'],
  description: 'a relationship read with page_size=1, the stated minimum, is refused 400 limit_out_of_range',
  apply(state) {
    wrapRoute(state, 'GET', '/:custom_object_api_name/:record_id/relationship/:api_name', refuseOne);
    wrapRoute(state, 'GET', '/contact/:contact_id/relationship/:api_name', refuseOne);
  },
});
