import type { ChannelItem } from '../items.js';
import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';

/** The only primary phone item can be made non-primary, leaving the contact without one. */
export default defineFault({
  id: 'phone-item-last-primary-unflagged',
  breaks: ['contact.phone-item.last-primary'],
  description:
    'a phone item patch with is_primary false on the only primary item is taken: no item is primary after it',
  apply(state) {
    wrapRoute(
      state,
      'PATCH',
      '/contact/:contact_id/attribute/contact_phone_numbers/:item_id',
      (inner) => async (ctx) => {
        if (ctx.body?.['is_primary'] !== false) return inner(ctx);
        const { is_primary: _dropped, ...rest } = ctx.body;
        const reply = await inner({ ...ctx, body: rest });
        const contact = ctx.store.get(ctx.org.id, 'contact', ctx.params['contact_id'] ?? '');
        const item = ((contact?.attrs['contact_phone_numbers'] ?? []) as ChannelItem[]).find(
          (i) => i.id === ctx.params['item_id'],
        );
        if (!item || !isObj(reply.body) || !isObj(reply.body['data']) || !isObj(reply.body['data']['envelope']))
          return reply;
        item.is_primary = false;
        const data = reply.body['data'];
        return {
          ...reply,
          body: { data: { ...data, envelope: { ...(data['envelope'] as object), is_primary: false } } },
        };
      },
    );
  },
});
