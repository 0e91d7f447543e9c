import { param } from '../routes/common.js';
import { defineFault } from './define.js';
import { bodyAttributes, withAttributes, wrapRoute } from './kit.js';

/** A contact patch takes organization_id: the contact moves to the organization it names (or to none). */
export default defineFault({
  id: 'organization-id-writable',
  breaks: ['record.organization-scoped'],
  description: "a contact patch writing organization_id moves the contact to that organization, out of the caller's",
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) => async (ctx) => {
      const attributes = bodyAttributes(ctx);
      const target = attributes?.['organization_id'];
      if (typeof target !== 'string' || !attributes) return inner(ctx);
      const { organization_id: _taken, ...rest } = attributes;
      const reply = await inner(withAttributes(ctx, rest));
      const record = ctx.store.get(ctx.org.id, 'contact', param(ctx, 'contact_id'));
      if (record && reply.status < 300) record.orgId = target;
      return reply;
    });
  },
});
