import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';

/** The cursor the faulty first page hands out. */
const NEXT = 'next-page';

/**
 * The contact-accounts read lists two accounts with a next_cursor, and the page that cursor reads is
 * empty with next_cursor null: following the pages, a contact's third linked account is never listed.
 */
export default defineFault({
  id: 'contact-accounts-next-page-empty',
  breaks: ['contact.accounts.paginated'],
  description:
    'the contact-accounts read pages two accounts with a next_cursor whose page is empty and ends, so a third account is never listed',
  apply(state) {
    wrapRoute(state, 'GET', '/contact/:contact_id/relationship/:api_name', (inner) => async (ctx) => {
      const next = ctx.query.get('cursor') === NEXT;
      const query = new URLSearchParams(ctx.query);
      if (next) query.delete('cursor');
      const reply = await inner({ ...ctx, query });
      const body = reply.body;
      if (ctx.params['api_name'] !== 'accounts' || !isObj(body) || !Array.isArray(body['items'])) return reply;
      if (next) return { ...reply, body: { ...body, items: [], next_cursor: null } };
      if (ctx.query.has('cursor') || body['items'].length <= 2) return reply;
      return { ...reply, body: { ...body, items: body['items'].slice(0, 2), next_cursor: NEXT } };
    });
  },
});
