import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/** A phone item patch takes any truthy is_primary ("true", 1) as true instead of refusing a non-boolean. */
export default defineFault({
  id: 'phone-item-is-primary-coerced',
  breaks: ['contact.phone-item.is-primary-boolean'],
  description:
    'PATCH of a contact phone item coerces a non-boolean is_primary ("true", 1) to a boolean instead of rejecting it',
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id/attribute/contact_phone_numbers/:item_id', (inner) => (ctx) => {
      const sent = ctx.body?.['is_primary'];
      if (sent === undefined || typeof sent === 'boolean') return inner(ctx);
      return inner({ ...ctx, body: { ...(ctx.body ?? {}), is_primary: Boolean(sent) } });
    });
  },
});
