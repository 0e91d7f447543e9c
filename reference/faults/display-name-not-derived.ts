import { defineFault } from './define.js';
import { param } from '../routes/common.js';
import { rerender, storedOf, wrapRoute } from './kit.js';

/** A contact patch does not recompute display_name: it keeps the name from creation. */
export default defineFault({
  id: 'display-name-not-derived',
  breaks: ['contact.display-name.derived'],
  description: 'display_name is computed on create only; patching first_name or last_name leaves it stale',
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) => async (ctx) => {
      const before = ctx.store.get(ctx.org.id, 'contact', param(ctx, 'contact_id'))?.attrs['display_name'];
      const reply = await inner(ctx);
      const record = storedOf(ctx, reply);
      if (!record || before === undefined) return reply;
      record.attrs['display_name'] = before;
      return rerender(ctx, reply, record);
    });
  },
});
