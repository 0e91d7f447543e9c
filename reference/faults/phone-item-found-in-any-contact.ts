import type { ChannelItem } from '../items.js';
import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/**
 * The phone-item PATCH finds the item by its id alone: an item the contact in the path does not hold
 * is looked up on every contact of every organization, and patched there.
 */
export default defineFault({
  id: 'phone-item-found-in-any-contact',
  breaks: ['isolation.other-organization'],
  description:
    "PATCH /contact/{id}/attribute/contact_phone_numbers/{item_id} patches the item wherever it is, another organization's contact included",
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id/attribute/contact_phone_numbers/:item_id', (inner) => (ctx) => {
      const itemId = ctx.params['item_id'];
      const holds = (attrs: Record<string, unknown>) =>
        ((attrs['contact_phone_numbers'] ?? []) as ChannelItem[]).some((i) => i.id === itemId);
      const here = ctx.store.get(ctx.org.id, 'contact', ctx.params['contact_id'] ?? '');
      if (here && !holds(here.attrs)) {
        for (const org of ctx.store.orgs.values()) {
          const owner = ctx.store.list(org.id, 'contact').find((r) => holds(r.attrs));
          if (owner) return inner({ ...ctx, org, params: { ...ctx.params, contact_id: owner.id } });
        }
      }
      return inner(ctx);
    });
  },
});
