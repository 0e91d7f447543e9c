import { defineFault } from './define.js';
import { flag } from './kit.js';

/**
 * A relationship match that finds several records links the first of them instead of refusing
 * on a contact's relationship POST (hook in relationship-targets.ts): the match alone still links the one
 * record it names.
 */
export default defineFault({
  id: 'ambiguous-match-links-first',
  breaks: ['error.code.ambiguous-match'],
  description:
    "a contact relationship POST's related_record_match that finds more than one record links the first it finds rather than answering ambiguous_match",
  apply: flag('ambiguous-match-links-first'),
});
