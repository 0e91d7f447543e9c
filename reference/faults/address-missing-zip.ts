import { defineFault } from './define.js';
import { isObj, mapTypedValues } from './kit.js';

/** address values without zip_code. */
export default defineFault({
  id: 'address-missing-zip',
  breaks: ['value.shape'],
  description: 'address values leave out zip_code',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'address' && isObj(tv.value)) delete tv.value['zip_code'];
    });
  },
});
