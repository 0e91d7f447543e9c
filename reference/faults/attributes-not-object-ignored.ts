import { defineFault } from './define.js';
import { isObj, wrapWrites } from './kit.js';

/** A write whose `attributes` is not an object (null, an array, a string) is taken as no attributes. */
export default defineFault({
  id: 'attributes-not-object-ignored',
  breaks: ['generated.mutation-refused', 'write.attributes-object'],
  description:
    'a write body whose attributes is not an object is taken as empty attributes: a patch answers 2xx and changes nothing',
  apply(state) {
    wrapWrites(state, (inner) => (ctx) => {
      if (!isObj(ctx.body) || !('attributes' in ctx.body) || isObj(ctx.body['attributes'])) return inner(ctx);
      return inner({ ...ctx, body: { ...ctx.body, attributes: {} } });
    });
  },
});
