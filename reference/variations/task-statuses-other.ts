import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'task-statuses-other',
  description: 'Task status values other than COMPLETED are OPEN and WAITING (not TODO and IN_PROGRESS).',
  quote:
    'Allowed values of every enum attribute (task status other than the value `COMPLETED`, priority, meeting enums): not shown.',
  affects: ['task.*', 'value.*', 'generated.*'],
  apply: withProfile({ taskStatuses: ['OPEN', 'WAITING', 'COMPLETED'] }),
});
