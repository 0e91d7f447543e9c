import { defineFault } from './define.js';
import { isObj, mapTypedValues } from './kit.js';

/** opportunity_stage expected_days as a string ("21"), not an integer. */
export default defineFault({
  id: 'opportunity-stage-expected-days-string',
  breaks: ['value.shape'],
  description: 'opportunity_stage values carry expected_days as a string',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'opportunity_stage' && isObj(tv.value) && typeof tv.value['expected_days'] === 'number') {
        tv.value['expected_days'] = String(tv.value['expected_days']);
      }
    });
  },
});
