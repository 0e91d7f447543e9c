import { defineFault } from './define.js';
import { mapRecords } from './kit.js';

/** Custom-object records say record_type "custom_object" instead of their api_name. */
export default defineFault({
  id: 'custom-record-type-generic',
  breaks: ['custom-object.record-type', 'record.record-type'],
  description: 'custom-object records carry record_type "custom_object" instead of the custom object\'s api_name',
  apply(state) {
    mapRecords(state, (record) => {
      if (typeof record['record_type'] === 'string' && record['record_type'].startsWith('cus_obj__'))
        record['record_type'] = 'custom_object';
    });
  },
});
