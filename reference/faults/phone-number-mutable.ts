import type { ChannelItem } from '../items.js';
import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';

/** phone_number in a phone item patch is applied. */
export default defineFault({
  id: 'phone-number-mutable',
  breaks: ['contact.phone-item.number-immutable'],
  description: 'a phone item patch carrying phone_number changes the number instead of being rejected',
  apply(state) {
    wrapRoute(
      state,
      'PATCH',
      '/contact/:contact_id/attribute/contact_phone_numbers/:item_id',
      (inner) => async (ctx) => {
        const number = ctx.body?.['phone_number'];
        if (typeof number !== 'string' || !ctx.body) return inner(ctx);
        const { phone_number: _taken, ...rest } = ctx.body;
        const reply = await inner({ ...ctx, body: rest });
        const contact = ctx.store.get(ctx.org.id, 'contact', ctx.params['contact_id'] ?? '');
        const item = ((contact?.attrs['contact_phone_numbers'] ?? []) as ChannelItem[]).find(
          (i) => i.id === ctx.params['item_id'],
        );
        if (!item || !isObj(reply.body) || !isObj(reply.body['data']) || !isObj(reply.body['data']['envelope']))
          return reply;
        item.phone_number = number;
        return {
          ...reply,
          body: {
            data: { ...reply.body['data'], envelope: { ...reply.body['data']['envelope'], phone_number: number } },
          },
        };
      },
    );
  },
});
