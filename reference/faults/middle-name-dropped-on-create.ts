import { defineFault } from './define.js';
import { bodyAttributes, withAttributes, wrapRoute } from './kit.js';

/** A contact create drops middle_name, a create field the spec names, in either write form. */
export default defineFault({
  id: 'middle-name-dropped-on-create',
  breaks: ['write.raw-value', 'write.enveloped-value'],
  description: 'a contact create answers 201 but drops middle_name, which the spec lists among the create attributes',
  apply(state) {
    wrapRoute(state, 'POST', '/contact', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      if (!attributes || !('middle_name' in attributes)) return inner(ctx);
      const { middle_name: _dropped, ...rest } = attributes;
      return inner(withAttributes(ctx, rest));
    });
  },
});
