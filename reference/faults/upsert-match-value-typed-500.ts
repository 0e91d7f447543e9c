import { apiError } from '../errors.js';
import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';

/** An upsert that reads match.value as a string crashes on a value of any other JSON type. */
export default defineFault({
  id: 'upsert-match-value-typed-500',
  breaks: ['custom-object.upsert.match-any-value'],
  description:
    'an upsert whose match.value is a number, an object or an array answers 500 (value.trim is not a function)',
  apply(state) {
    wrapRoute(state, 'POST', '/:custom_object_api_name/_upsert', (inner) => (ctx) => {
      const match = ctx.body?.['match'];
      const value = isObj(match) ? match['value'] : undefined;
      if (value !== undefined && value !== null && typeof value !== 'string')
        throw apiError(500, 'conflict', 'Internal error: value.trim is not a function', null);
      return inner(ctx);
    });
  },
});
