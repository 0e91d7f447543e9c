import { defineFault } from './define.js';
import { crashesOn } from './kit.js';

/** A body that is not JSON crashes the server: 500. */
export default defineFault({
  id: 'malformed-json-500',
  breaks: ['media.malformed-json'],
  description: 'a malformed JSON body answers 500 instead of 400',
  apply: crashesOn('Internal error: Unexpected token', (error) => error.details?.['type'] === 'json_invalid'),
});
