import { defineFault } from './define.js';
import { isObj, mapRecords } from './kit.js';
import type { Json } from './kit.js';

/** One attribute, contact department, is the bare value instead of { value, value_type }. */
export default defineFault({
  id: 'attribute-bare-value',
  breaks: ['value.typed'],
  description: "a contact's department is returned as its bare value (a string or null), not as a typed value",
  apply(state) {
    mapRecords(state, (record) => {
      const attributes = record['attributes'] as Json;
      const department = attributes['department'];
      if (record['record_type'] === 'contact' && isObj(department)) attributes['department'] = department['value'];
    });
  },
});
