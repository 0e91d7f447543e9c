import { defineFault } from './define.js';
import { isObj, mapRecords } from './kit.js';
import type { Json } from './kit.js';

/** participant_user_id_list is one typed value holding an array, not an array of typed values. */
export default defineFault({
  id: 'multi-valued-not-array',
  breaks: ['value.typed'],
  description:
    'the multi-valued participant_user_id_list is one { value: [...], value_type } instead of an array of typed values',
  apply(state) {
    mapRecords(state, (record) => {
      const attributes = record['attributes'] as Json;
      const list = attributes['participant_user_id_list'];
      if (Array.isArray(list)) {
        attributes['participant_user_id_list'] = {
          value: (list as unknown[]).map((tv) => (isObj(tv) ? tv['value'] : tv)),
          value_type: 'record_reference',
        };
      }
    });
  },
});
