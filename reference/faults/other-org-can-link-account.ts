import { defineFault } from './define.js';
import { acrossOrganizations, flag, wrapRoute } from './kit.js';

/**
 * Relationship POSTs ignore organizations: the parent is found in any organization, and so is a
 * related_record_id target (hook in relationship-targets.ts).
 */
export default defineFault({
  id: 'other-org-can-link-account',
  breaks: ['isolation.other-organization'],
  description:
    "a relationship POST links records across organizations: another organization's contact, or another organization's account as target",
  apply(state) {
    flag('other-org-can-link-account')(state);
    wrapRoute(state, 'POST', '/contact/:contact_id/relationship/:api_name', (inner) =>
      acrossOrganizations(inner, () => 'contact', 'contact_id'),
    );
    wrapRoute(state, 'POST', '/opportunity/:opportunity_id/relationship/:api_name', (inner) =>
      acrossOrganizations(inner, () => 'opportunity', 'opportunity_id'),
    );
  },
});
