import type { ChannelItem } from '../items.js';
import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';

/**
 * A phone item patch that sends labels without is_primary clears the item's primary flag, as a
 * handler that writes every field of the item from the body (absent as false) would. The hand-written
 * checks relabel only the non-primary item, or send both fields; a sequence that relabels the
 * primary item shows it.
 */
export default defineFault({
  id: 'phone-item-relabel-drops-primary',
  breaks: ['generated.phone-item-sequence'],
  description:
    "PATCH /contact/{id}/attribute/contact_phone_numbers/{item} with labels only sets the item's is_primary to false",
  apply(state) {
    wrapRoute(
      state,
      'PATCH',
      '/contact/:contact_id/attribute/contact_phone_numbers/:item_id',
      (inner) => async (ctx) => {
        const reply = await inner(ctx);
        if (reply.status >= 300 || !ctx.body || 'is_primary' in ctx.body) return reply;
        const record = ctx.store.get(ctx.org.id, 'contact', ctx.params['contact_id'] ?? '');
        const item = ((record?.attrs['contact_phone_numbers'] ?? []) as ChannelItem[]).find(
          (i) => i.id === ctx.params['item_id'],
        );
        if (!item || !isObj(reply.body) || !isObj(reply.body['data'])) return reply;
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
