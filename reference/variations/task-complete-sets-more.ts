import { defineVariation, variationFlag } from './define.js';

export default defineVariation({
  id: 'task-complete-sets-more',
  description: 'Completing a task also sets its disposition to `done` when the patch did not send one.',
  quote:
    '| task (any status) | PATCH with `status` set to `COMPLETED` | attributes non-empty | status `COMPLETED` | other effects stated nowhere |',
  affects: ['task.*', 'generated.*'],
  apply: variationFlag('task-complete-sets-more'),
});
