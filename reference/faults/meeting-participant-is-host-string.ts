import { defineFault } from './define.js';
import { isObj, mapTypedValues } from './kit.js';

/** meeting_participant is_host as "true"/"false" strings. */
export default defineFault({
  id: 'meeting-participant-is-host-string',
  breaks: ['value.shape'],
  description: 'meeting_participant values carry is_host as the string "true" or "false"',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'meeting_participant' && isObj(tv.value) && typeof tv.value['is_host'] === 'boolean')
        tv.value['is_host'] = String(tv.value['is_host']);
    });
  },
});
