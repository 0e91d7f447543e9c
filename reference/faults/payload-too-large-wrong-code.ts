import { defineFault } from './define.js';
import { mapErrors, recoded } from './kit.js';

/** a body over the size limit is answered 413 with the code field_value_invalid instead of payload_too_large */
export default defineFault({
  id: 'payload-too-large-wrong-code',
  breaks: ['error.code.payload-too-large'],
  description:
    'a body over the size limit is answered 413 with the code field_value_invalid instead of payload_too_large',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'payload_too_large') return undefined;
      return recoded(error, reply, 'field_value_invalid');
    });
  },
});
