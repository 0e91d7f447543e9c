import { defineFault } from './define.js';
import { wrapWrites } from './kit.js';

/** A top-level relationships block is accepted (and ignored) on create and patch. */
export default defineFault({
  id: 'inline-relationships-accepted',
  breaks: ['contact.no-inline-relationships'],
  description: 'a top-level relationships block in a create or patch body is accepted and ignored',
  apply(state) {
    wrapWrites(state, (inner) => (ctx) => {
      if (!ctx.body || !('relationships' in ctx.body)) return inner(ctx);
      const { relationships: _ignored, ...body } = ctx.body;
      return inner({ ...ctx, body });
    });
  },
});
