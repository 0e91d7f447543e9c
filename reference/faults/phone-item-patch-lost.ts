import { defineFault } from './define.js';
import { restore, snapshot, wrapRoute } from './kit.js';

/** The phone item patch answers the change, but the contact keeps its old items. */
export default defineFault({
  id: 'phone-item-patch-lost',
  breaks: ['contact.phone-item.patch'],
  description: 'a phone item patch answers with the change but never stores it',
  apply(state) {
    wrapRoute(
      state,
      'PATCH',
      '/contact/:contact_id/attribute/contact_phone_numbers/:item_id',
      (inner) => async (ctx) => {
        const contact = ctx.store.get(ctx.org.id, 'contact', ctx.params['contact_id'] ?? '');
        const before = contact ? snapshot(contact) : undefined;
        const reply = await inner(ctx);
        if (contact && before) restore(contact, before);
        return reply;
      },
    );
  },
});
