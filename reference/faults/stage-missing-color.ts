import { defineFault } from './define.js';
import { isObj, mapTypedValues } from './kit.js';

/** contact_stage values without color. */
export default defineFault({
  id: 'stage-missing-color',
  breaks: ['value.shape'],
  description: 'contact_stage values leave out color',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'contact_stage' && isObj(tv.value)) delete tv.value['color'];
    });
  },
});
