import type { DomainItem } from '../items.js';
import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/** The only primary domain can be removed, leaving the account without a primary. */
export default defineFault({
  id: 'last-primary-domain-removed',
  breaks: ['account.domain.last-primary'],
  description: "deleting an account's only primary domain succeeds, leaving no primary domain",
  apply(state) {
    wrapRoute(state, 'DELETE', '/account/:account_id/attribute/domains/:domain_name', (inner) => (ctx) => {
      const account = ctx.store.get(ctx.org.id, 'account', ctx.params['account_id'] ?? '');
      const name = (ctx.params['domain_name'] ?? '').toLowerCase();
      for (const d of (account?.attrs['domains'] ?? []) as DomainItem[])
        if (d.domain_name.toLowerCase() === name) d.is_primary = false;
      return inner(ctx);
    });
  },
});
