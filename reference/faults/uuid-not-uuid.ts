import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

/** uuid-typed values lose their dashes: 32 hex digits, not a uuid. */
export default defineFault({
  id: 'uuid-not-uuid',
  breaks: ['value.shape'],
  description: 'uuid-typed attribute values are 32 hex digits without dashes, not uuids',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'uuid' && typeof tv.value === 'string') tv.value = tv.value.replace(/-/g, '');
    });
  },
});
