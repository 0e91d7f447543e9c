import { defineFault } from './define.js';
import { crashesOn } from './kit.js';

/** An attribute of the wrong JSON type crashes the server: 500. */
export default defineFault({
  id: 'wrong-json-type-500',
  breaks: ['robustness.no-5xx'],
  description: 'an attribute of the wrong JSON type (a number for a string) answers 500 instead of 400',
  apply: crashesOn('Internal error: value.trim is not a function', (error) => {
    const type = error.details?.['type'];
    const loc = error.details?.['loc'];
    return (
      error.code === 'request_validation_failed' &&
      typeof type === 'string' &&
      type.endsWith('_type') &&
      Array.isArray(loc) &&
      loc[1] === 'attributes'
    );
  }),
});
