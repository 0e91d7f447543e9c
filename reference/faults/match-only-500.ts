import { apiError } from '../errors.js';
import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/** A relationship POST with related_record_match alone crashes the server. */
export default defineFault({
  id: 'match-only-500',
  breaks: ['contact.relationship.post'],
  description: 'a contact relationship POST carrying related_record_match without related_record_id answers 500',
  apply(state) {
    wrapRoute(state, 'POST', '/contact/:contact_id/relationship/:api_name', (inner) => (ctx) => {
      const body = ctx.body ?? {};
      if (!('related_record_match' in body) || 'related_record_id' in body) return inner(ctx);
      throw apiError(500, 'conflict', 'Internal error: cannot read related_record_id of undefined', null);
    });
  },
});
