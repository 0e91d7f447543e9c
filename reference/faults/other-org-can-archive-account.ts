import { defineFault } from './define.js';
import { acrossOrganizations, wrapRoute } from './kit.js';

/** DELETE /account/{id} archives an account of any organization. */
export default defineFault({
  id: 'other-org-can-archive-account',
  breaks: ['isolation.other-organization'],
  description: "DELETE /account/{id} archives another organization's account",
  apply(state) {
    wrapRoute(state, 'DELETE', '/account/:account_id', (inner) =>
      acrossOrganizations(inner, () => 'account', 'account_id'),
    );
  },
});
