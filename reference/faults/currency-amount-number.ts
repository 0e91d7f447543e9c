import { defineFault } from './define.js';
import { isObj, mapTypedValues } from './kit.js';

/** currency amounts as JSON numbers: { amount: 15000 }. */
export default defineFault({
  id: 'currency-amount-number',
  breaks: ['value.shape'],
  description: 'currency values carry amount as a JSON number instead of a string',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'currency' && isObj(tv.value) && typeof tv.value['amount'] === 'string')
        tv.value['amount'] = Number(tv.value['amount']);
    });
  },
});
