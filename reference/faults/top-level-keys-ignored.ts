import { defineFault } from './define.js';
import { wrapWrites } from './kit.js';

const KEPT = ['attributes', 'match', 'relationships'];

/** Top-level keys beside attributes (and match) are ignored instead of rejected. */
export default defineFault({
  id: 'top-level-keys-ignored',
  breaks: ['write.attributes-only'],
  description: "a write body's top-level keys other than attributes (and match) are ignored instead of rejected",
  apply(state) {
    wrapWrites(state, (inner) => (ctx) => {
      if (!ctx.body) return inner(ctx);
      const body = Object.fromEntries(Object.entries(ctx.body).filter(([k]) => KEPT.includes(k)));
      return inner({ ...ctx, body });
    });
  },
});
