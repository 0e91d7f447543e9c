import { defineFault } from './define.js';
import { acrossOrganizations, wrapRoute } from './kit.js';

/** GET /contact/{id} finds the contact in any organization. */
export default defineFault({
  id: 'other-org-can-read-contact',
  breaks: ['isolation.other-organization'],
  description: "GET /contact/{id} answers another organization's contact",
  apply(state) {
    wrapRoute(state, 'GET', '/contact/:contact_id', (inner) =>
      acrossOrganizations(inner, () => 'contact', 'contact_id'),
    );
  },
});
