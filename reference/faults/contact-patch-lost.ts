import { defineFault } from './define.js';
import { restore, snapshot, wrapRoute } from './kit.js';

/** A contact patch answers the changed contact but never stores the change. */
export default defineFault({
  id: 'contact-patch-lost',
  breaks: ['contact.patch.partial'],
  description: 'PATCH /contact/{id} answers the patched contact but the change is not persisted',
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) => async (ctx) => {
      const record = ctx.store.get(ctx.org.id, 'contact', ctx.params['contact_id'] ?? '');
      const before = record ? snapshot(record) : undefined;
      const reply = await inner(ctx);
      if (record && before) restore(record, before);
      return reply;
    });
  },
});
