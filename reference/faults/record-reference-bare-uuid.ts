import { defineFault } from './define.js';
import { isObj, mapTypedValues } from './kit.js';

/** record_reference values as the bare related id instead of { related_record_id, related_record_type }. */
export default defineFault({
  id: 'record-reference-bare-uuid',
  breaks: ['value.shape'],
  description:
    'record_reference values are the bare related uuid instead of { related_record_id, related_record_type }',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'record_reference' && isObj(tv.value)) tv.value = tv.value['related_record_id'];
    });
  },
});
