import { defineFault } from './define.js';
import { crashesOn } from './kit.js';

/** A path id that is not a uuid reaches the database and crashes: 500. */
export default defineFault({
  id: 'bad-uuid-500',
  breaks: ['robustness.no-5xx'],
  description: 'a path *_id that is not a uuid answers 500 (invalid input syntax for type uuid) instead of a 4xx',
  apply: crashesOn(
    'Internal error: invalid input syntax for type uuid',
    (error) => error.details?.['type'] === 'uuid_parsing',
  ),
});
