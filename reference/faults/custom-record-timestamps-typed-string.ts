import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

/**
 * A custom-object record's created_at and updated_at typed "string" instead of timestamp: the
 * generic custom-object store keeps its system columns as text and renders them so. The values
 * are still ISO timestamps; only the value_type is wrong.
 */
export default defineFault({
  id: 'custom-record-timestamps-typed-string',
  breaks: ['record.custom-object.attributes'],
  description: "a custom-object record's created_at and updated_at have value_type string instead of timestamp",
  apply(state) {
    mapTypedValues(state, (tv, name, record) => {
      if (
        typeof record['record_type'] === 'string' &&
        record['record_type'].startsWith('cus_obj__') &&
        (name === 'created_at' || name === 'updated_at')
      )
        tv.value_type = 'string';
    });
  },
});
