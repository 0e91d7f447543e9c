import { attributeOf } from '../attributes/index.js';
import { defineFault } from './define.js';
import { bodyAttributes, wrapRoute, withAttributes } from './kit.js';

/**
 * A custom-object patch takes every attribute it carries but the select-typed ones, which it drops
 * without a word (answered 2xx): the suite's patches wrote one free-text attribute, so a whole value
 * type the patch lost passed.
 */
export default defineFault({
  id: 'custom-record-patch-drops-selects',
  breaks: ['custom-object.patch.record'],
  description: 'PATCH /{custom_object_api_name}/{id} silently drops the select-typed attributes it carries',
  apply(state) {
    wrapRoute(state, 'PATCH', '/:custom_object_api_name/:record_id', (inner) => (ctx) => {
      const type = ctx.params['custom_object_api_name'] ?? '';
      const attributes = bodyAttributes(ctx);
      if (!attributes) return inner(ctx);
      const kept = Object.fromEntries(
        Object.entries(attributes).filter(([k]) => attributeOf(ctx.org, type, ctx.profile, k)?.type !== 'select'),
      );
      return inner(withAttributes(ctx, kept));
    });
  },
});
