import { defineFault } from './define.js';
import { mapErrors, recoded } from './kit.js';

/** a page_size out of range is refused with the code field_value_invalid instead of limit_out_of_range */
export default defineFault({
  id: 'limit-out-of-range-wrong-code',
  breaks: ['error.code.limit-out-of-range'],
  description: 'a page_size out of range is refused with the code field_value_invalid instead of limit_out_of_range',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'limit_out_of_range') return undefined;
      return recoded(error, reply, 'field_value_invalid');
    });
  },
});
