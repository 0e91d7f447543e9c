import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/** A relationship POST by related_record_match answers the link, but the edge is never stored. */
export default defineFault({
  id: 'match-link-not-stored',
  breaks: ['contact.relationship.post'],
  description:
    'a contact relationship POST with related_record_match alone answers { parent, api_name, item }, but the edge it names is never stored: the contact-accounts read does not list it',
  apply(state) {
    wrapRoute(state, 'POST', '/contact/:contact_id/relationship/:api_name', (inner) => async (ctx) => {
      const byMatch = ctx.body?.['related_record_match'] !== undefined && ctx.body['related_record_id'] === undefined;
      const before = new Set(ctx.store.edgesFrom(ctx.org.id, ctx.params['contact_id'] ?? '', 'account'));
      const reply = await inner(ctx);
      if (byMatch)
        for (const edge of ctx.store.edgesFrom(ctx.org.id, ctx.params['contact_id'] ?? '', 'account'))
          if (!before.has(edge)) ctx.store.removeEdge(edge);
      return reply;
    });
  },
});
