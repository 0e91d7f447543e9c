import { param } from '../routes/common.js';
import { defineFault } from './define.js';
import { bodyAttributes, rerender, storedOf, wrapRoute } from './kit.js';

/** display_name is derived again only when a patch sends first_name: a last_name patch leaves it stale. */
export default defineFault({
  id: 'display-name-stale-last-name',
  breaks: ['contact.display-name.derived'],
  description: 'display_name is derived again on a first_name patch only; a patch of last_name alone leaves it stale',
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) => async (ctx) => {
      const sent = bodyAttributes(ctx);
      const before = ctx.store.get(ctx.org.id, 'contact', param(ctx, 'contact_id'))?.attrs['display_name'];
      const reply = await inner(ctx);
      const record = storedOf(ctx, reply);
      if (!record || before === undefined || !sent || 'first_name' in sent) return reply;
      record.attrs['display_name'] = before;
      return rerender(ctx, reply, record);
    });
  },
});
