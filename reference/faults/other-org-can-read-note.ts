import { defineFault } from './define.js';
import { acrossOrganizations, wrapRoute } from './kit.js';

/** GET /note/{id} finds the note in any organization. */
export default defineFault({
  id: 'other-org-can-read-note',
  breaks: ['isolation.other-organization'],
  description: "GET /note/{id} answers another organization's note",
  apply(state) {
    wrapRoute(state, 'GET', '/note/:note_id', (inner) => acrossOrganizations(inner, () => 'note', 'note_id'));
  },
});
