import { defineFault } from './define.js';
import { mapErrors, recoded } from './kit.js';

/** a cursor the server never issued is refused with the code field_value_invalid instead of invalid_cursor */
export default defineFault({
  id: 'invalid-cursor-wrong-code',
  breaks: ['pagination.invalid-cursor'],
  description:
    'a cursor the server never issued is refused with the code field_value_invalid instead of invalid_cursor',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'invalid_cursor') return undefined;
      return recoded(error, reply, 'field_value_invalid');
    });
  },
});
