import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';

/** A contact create whose attributes is not an object makes a contact in the workspace's first stage. */
export default defineFault({
  id: 'attributes-not-object-defaults',
  breaks: ['write.attributes-object'],
  description:
    "a contact create whose attributes is not an object (an array) answers 201 with a contact in the workspace's first stage",
  apply(state) {
    wrapRoute(state, 'POST', '/contact', (inner) => (ctx) => {
      if (!isObj(ctx.body) || !('attributes' in ctx.body) || isObj(ctx.body['attributes'])) return inner(ctx);
      const stage = ctx.org.contactStages.options[0]?.api_name;
      return inner({ ...ctx, body: { attributes: { stage } } });
    });
  },
});
