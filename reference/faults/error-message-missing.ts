import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** Error bodies without message. */
export default defineFault({
  id: 'error-message-missing',
  breaks: ['error.body'],
  description: 'error bodies leave out message',
  apply(state) {
    mapErrors(state, (error, reply) => {
      const { message: _dropped, ...body } = error;
      return { ...reply, body };
    });
  },
});
