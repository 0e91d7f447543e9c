import { attributesOf } from '../attributes/index.js';
import { defineFault } from './define.js';
import { bodyAttributes, withAttributes, wrapRoute } from './kit.js';

/** An upsert drops the attributes the custom object does not have instead of refusing them. */
export default defineFault({
  id: 'custom-object-unknown-field-ignored',
  breaks: ['custom-object.unknown-field'],
  description: 'an upsert writing an attribute the custom object does not have ignores it and answers 2xx',
  apply(state) {
    wrapRoute(state, 'POST', '/:custom_object_api_name/_upsert', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      if (!attributes) return inner(ctx);
      const known = new Set(
        attributesOf(ctx.org, ctx.params['custom_object_api_name'] ?? '', ctx.profile).map((d) => d.name),
      );
      const kept = Object.fromEntries(Object.entries(attributes).filter(([name]) => known.has(name)));
      return inner(withAttributes(ctx, kept));
    });
  },
});
