import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/** unknown_field errors do not say which field. */
export default defineFault({
  id: 'unknown-field-details-unnamed',
  breaks: ['contact.unknown-field'],
  description: 'unknown_field errors carry details { code } only, without naming the offending field',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'unknown_field') return undefined;
      return { ...reply, body: { ...error, message: 'Unknown attribute', details: { code: 'unknown_field' } } };
    });
  },
});
