import { defineFault } from './define.js';
import { acrossOrganizations, wrapRoute } from './kit.js';

/** The transcript link of any organization's meeting. */
export default defineFault({
  id: 'other-org-transcript',
  breaks: ['isolation.other-organization'],
  description: "GET /meeting/{id}/transcript hands out the transcript link of another organization's meeting",
  apply(state) {
    wrapRoute(state, 'GET', '/meeting/:meeting_id/transcript', (inner) =>
      acrossOrganizations(inner, () => 'meeting', 'meeting_id'),
    );
  },
});
