import { defineFault } from './define.js';
import { mapErrors, recoded } from './kit.js';

/** a body sent as text/plain is answered 415 with the code field_value_invalid instead of unsupported_media_type */
export default defineFault({
  id: 'unsupported-media-wrong-code',
  breaks: ['error.code.unsupported-media-type'],
  description:
    'a body sent as text/plain is answered 415 with the code field_value_invalid instead of unsupported_media_type',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'unsupported_media_type' || reply.status !== 415) return undefined;
      return recoded(error, reply, 'field_value_invalid');
    });
  },
});
