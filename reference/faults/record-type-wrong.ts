import { defineFault } from './define.js';
import { mapRecords } from './kit.js';

/** record_type capitalised: "Contact", "Task", ... */
export default defineFault({
  id: 'record-type-wrong',
  breaks: ['record.record-type'],
  description:
    'built-in records carry a capitalised record_type ("Contact", "Task") instead of the spec\'s lowercase names',
  apply(state) {
    mapRecords(state, (record) => {
      const type = record['record_type'];
      if (typeof type === 'string' && !type.startsWith('cus_obj__'))
        record['record_type'] = type.charAt(0).toUpperCase() + type.slice(1);
    });
  },
});
