import { defineFault } from './define.js';
import { crashesOn } from './kit.js';

/** The parameters after a path's first id: a phone item's id, an edge's target. */
const LATER_IDS = ['item_id', 'target_id'];

/**
 * An item id or an edge's target id that is not a uuid reaches the database and crashes: 500. The
 * first id of a path, which the suite checked alone before, is still refused 400.
 */
export default defineFault({
  id: 'later-id-not-uuid-500',
  breaks: ['robustness.no-5xx'],
  description: 'a phone item id or an edge target id that is not a uuid answers 500 instead of a 4xx',
  apply: crashesOn('Internal error: invalid input syntax for type uuid', (error) => {
    const loc = error.details?.['loc'];
    return error.details?.['type'] === 'uuid_parsing' && Array.isArray(loc) && LATER_IDS.includes(String(loc[1]));
  }),
});
