import { defineFault } from './define.js';
import { acrossOrganizations, wrapRoute } from './kit.js';

/** PATCH /contact/{id} changes a contact of any organization. */
export default defineFault({
  id: 'other-org-can-patch-contact',
  breaks: ['isolation.other-organization'],
  description: "PATCH /contact/{id} changes another organization's contact",
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) =>
      acrossOrganizations(inner, () => 'contact', 'contact_id'),
    );
  },
});
