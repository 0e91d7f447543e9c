import type { ChannelItem } from '../items.js';
import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';

const LABELS = ['PERSONAL', 'WORK', 'MOBILE'];

/** Phone item labels outside PERSONAL, WORK, MOBILE are stored as sent. */
export default defineFault({
  id: 'phone-item-labels-unchecked',
  breaks: ['contact.phone-item.labels'],
  description: 'a phone item patch stores any label strings, not only PERSONAL, WORK and MOBILE',
  apply(state) {
    wrapRoute(
      state,
      'PATCH',
      '/contact/:contact_id/attribute/contact_phone_numbers/:item_id',
      (inner) => async (ctx) => {
        const labels = ctx.body?.['labels'];
        if (
          !Array.isArray(labels) ||
          !labels.every((l) => typeof l === 'string') ||
          labels.every((l) => LABELS.includes(l as string))
        )
          return inner(ctx);
        const reply = await inner({ ...ctx, body: { ...ctx.body, labels: [] } });
        const contact = ctx.store.get(ctx.org.id, 'contact', ctx.params['contact_id'] ?? '');
        const item = ((contact?.attrs['contact_phone_numbers'] ?? []) as ChannelItem[]).find(
          (i) => i.id === ctx.params['item_id'],
        );
        if (!item || !isObj(reply.body) || !isObj(reply.body['data']) || !isObj(reply.body['data']['envelope']))
          return reply;
        item.labels = [...(labels as string[])];
        return {
          ...reply,
          body: {
            data: { ...reply.body['data'], envelope: { ...reply.body['data']['envelope'], labels: [...item.labels] } },
          },
        };
      },
    );
  },
});
