import { defineFault } from './define.js';
import { rerender, restore, snapshot, wrapRoute } from './kit.js';

/** Deleting a domain answers 2xx, but the domain stays on the account. */
export default defineFault({
  id: 'domain-delete-noop',
  breaks: ['account.domain.delete'],
  description: 'DELETE of an account domain answers success but the domain stays',
  apply(state) {
    wrapRoute(state, 'DELETE', '/account/:account_id/attribute/domains/:domain_name', (inner) => async (ctx) => {
      const account = ctx.store.get(ctx.org.id, 'account', ctx.params['account_id'] ?? '');
      const before = account ? snapshot(account) : undefined;
      const reply = await inner(ctx);
      if (!account || !before) return reply;
      restore(account, before);
      return rerender(ctx, reply, account);
    });
  },
});
