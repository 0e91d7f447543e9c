import { defineFault } from './define.js';
import { acrossOrganizations, wrapRoute } from './kit.js';

/** PATCH /task/{id} changes a task of any organization. */
export default defineFault({
  id: 'other-org-can-patch-task',
  breaks: ['isolation.other-organization'],
  description: "PATCH /task/{id} changes another organization's task",
  apply(state) {
    wrapRoute(state, 'PATCH', '/task/:task_id', (inner) => acrossOrganizations(inner, () => 'task', 'task_id'));
  },
});
