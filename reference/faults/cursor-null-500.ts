import { apiError } from '../errors.js';
import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/** cursor=null crashes the relationship read. */
export default defineFault({
  id: 'cursor-null-500',
  breaks: ['pagination.page-shape'],
  description: 'a relationship read with cursor=null answers 500 instead of a page or a refusal',
  apply(state) {
    wrapRoute(state, 'GET', '/:custom_object_api_name/:record_id/relationship/:api_name', (inner) => (ctx) => {
      if (ctx.query.get('cursor') !== 'null') return inner(ctx);
      throw apiError(500, 'conflict', 'Internal error: cursor.split is not a function', null);
    });
  },
});
