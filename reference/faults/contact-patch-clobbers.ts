import { attributesOf } from '../attributes/index.js';
import { deriveDisplayName } from '../routes/contacts.js';
import { defineFault } from './define.js';
import { bodyAttributes, rerender, storedOf, wrapRoute } from './kit.js';

/** A contact patch is a replace: writable attributes not sent are cleared (stage kept). */
export default defineFault({
  id: 'contact-patch-clobbers',
  breaks: ['contact.patch.partial'],
  description: 'PATCH /contact/{id} replaces the contact: writable attributes not in the body are cleared',
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) => async (ctx) => {
      const sent = Object.keys(bodyAttributes(ctx) ?? {});
      const reply = await inner(ctx);
      const record = storedOf(ctx, reply);
      if (!record || reply.status >= 300) return reply;
      for (const def of attributesOf(ctx.org, 'contact', ctx.profile)) {
        if (def.access === 'rw' && !def.required && !sent.includes(def.name))
          record.attrs[def.name] = def.multi ? [] : null;
      }
      deriveDisplayName(record);
      return rerender(ctx, reply, record);
    });
  },
});
