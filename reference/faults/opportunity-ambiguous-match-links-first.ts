import { defineFault } from './define.js';
import { flag } from './kit.js';

/**
 * An opportunity relationship POST whose related_record_match finds several contacts (all on the
 * opportunity's account) links the first of them instead of refusing (hook in relationship-targets.ts):
 * the match alone still links the one contact it names.
 */
export default defineFault({
  id: 'opportunity-ambiguous-match-links-first',
  breaks: ['error.code.ambiguous-match'],
  description:
    "an opportunity relationship POST's related_record_match that finds two contacts links the first rather than answering ambiguous_match",
  apply: flag('opportunity-ambiguous-match-links-first'),
});
