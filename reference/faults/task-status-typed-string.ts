import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

/** A task's status typed "string" instead of enum. */
export default defineFault({
  id: 'task-status-typed-string',
  breaks: ['record.task.attributes'],
  description: "a task's status has value_type string instead of enum",
  apply(state) {
    mapTypedValues(state, (tv, name, record) => {
      if (record['record_type'] === 'task' && name === 'status') tv.value_type = 'string';
    });
  },
});
