import type { DomainItem } from '../items.js';
import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';

/**
 * The domain DELETE finds the domain by its name alone: a domain the account in the path does not
 * hold is removed from whichever account of any organization holds it.
 */
export default defineFault({
  id: 'domain-removed-from-any-account',
  breaks: ['isolation.other-organization'],
  description:
    "DELETE /account/{id}/attribute/domains/{domain_name} removes the domain wherever it is, from another organization's account included",
  apply(state) {
    wrapRoute(state, 'DELETE', '/account/:account_id/attribute/domains/:domain_name', (inner) => (ctx) => {
      const name = (ctx.params['domain_name'] ?? '').toLowerCase();
      const holds = (attrs: Record<string, unknown>) =>
        ((attrs['domains'] ?? []) as DomainItem[]).some((d) => d.domain_name.toLowerCase() === name);
      const here = ctx.store.get(ctx.org.id, 'account', ctx.params['account_id'] ?? '');
      if (here && !holds(here.attrs)) {
        for (const org of ctx.store.orgs.values()) {
          const owner = ctx.store.list(org.id, 'account').find((r) => holds(r.attrs));
          if (owner) return inner({ ...ctx, org, params: { ...ctx.params, account_id: owner.id } });
        }
      }
      return inner(ctx);
    });
  },
});
