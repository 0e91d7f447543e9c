import { defineFault } from './define.js';
import { bodyAttributes, rerender, storedOf, withAttributes, wrapRoute } from './kit.js';
import type { Handler } from '../router.js';

/** display_name sent on contact create or patch is stored as sent. */
const storesDisplayName =
  (inner: Handler): Handler =>
  async (ctx) => {
    const attributes = bodyAttributes(ctx);
    const sent = attributes?.['display_name'];
    if (!attributes || typeof sent !== 'string') return inner(ctx);
    const { display_name: _dropped, ...rest } = attributes;
    const reply = await inner(withAttributes(ctx, rest));
    const record = storedOf(ctx, reply);
    if (!record) return reply;
    record.attrs['display_name'] = sent;
    return rerender(ctx, reply, record);
  };

export default defineFault({
  id: 'display-name-writable',
  breaks: ['contact.display-name.not-writable'],
  description: 'a display_name sent on contact create or patch is stored as sent instead of being derived',
  apply(state) {
    wrapRoute(state, 'POST', '/contact', storesDisplayName);
    wrapRoute(state, 'PATCH', '/contact/:contact_id', storesDisplayName);
  },
});
