import { defineFault } from './define.js';
import { crashesOn } from './kit.js';

/** A cursor the server cannot decode crashes it: 500. */
export default defineFault({
  id: 'invalid-cursor-500',
  breaks: ['pagination.invalid-cursor'],
  description: 'a cursor the server never issued answers 500 instead of a 4xx',
  apply: crashesOn('Internal error: cannot decode cursor', (error) => error.code === 'invalid_cursor'),
});
