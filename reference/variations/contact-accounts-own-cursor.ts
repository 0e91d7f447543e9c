import { invalid } from '../errors.js';
import { wrapRoute } from '../faults/kit.js';
import { defineVariation } from './define.js';

/**
 * The contact-accounts read pages by two and takes its cursor as `page_token`, refusing any query
 * parameter it does not know (`cursor` among them) with 400 request_validation_failed. Its query
 * parameters are not shown, so this is the server's choice; the suite follows next_cursor as `cursor`
 * and must take the refusal as "this read takes its cursor some other way".
 */
export default defineVariation({
  id: 'contact-accounts-own-cursor',
  description:
    'GET /contact/{id}/relationship/accounts pages by two and takes its cursor as page_token; an unknown query parameter (cursor) is refused 400 request_validation_failed.',
  quote: 'Query parameters of the contact-accounts relationship read: not shown.',
  affects: ['contact.accounts.*', 'relationship.*', 'isolation.*', 'auth.*', 'media.*', 'robustness.*'],
  apply(state) {
    wrapRoute(state, 'GET', '/contact/:contact_id/relationship/:api_name', (inner) => (ctx) => {
      const unknown = [...ctx.query.keys()].find((k) => k !== 'page_token');
      if (unknown !== undefined)
        throw invalid(['query', unknown], 'extra_forbidden', `Unknown query parameter ${unknown}`);
      const query = new URLSearchParams({ page_size: '2' });
      const token = ctx.query.get('page_token');
      if (token !== null) query.set('cursor', token);
      return inner({ ...ctx, query });
    });
  },
});
