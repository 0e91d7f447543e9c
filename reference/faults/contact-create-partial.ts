import { defineFault } from './define.js';
import { storedOf, wrapRoute } from './kit.js';

/** Contact create answers the whole contact, but title is not stored (a lost column). */
export default defineFault({
  id: 'contact-create-partial',
  breaks: ['contact.get.record'],
  description: 'POST /contact answers the contact as sent, but its title is not stored: a read shows title null',
  apply(state) {
    wrapRoute(state, 'POST', '/contact', (inner) => async (ctx) => {
      const reply = await inner(ctx);
      const record = storedOf(ctx, reply);
      if (record) record.attrs['title'] = null;
      return reply;
    });
  },
});
