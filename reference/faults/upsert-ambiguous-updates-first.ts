import { defineFault } from './define.js';
import { flag } from './kit.js';

/**
 * An upsert whose match value two records hold (a patch gave one the other's) updates the first it
 * finds instead of refusing (hook in routes/custom-objects.ts): a match value one record holds still
 * finds that record.
 */
export default defineFault({
  id: 'upsert-ambiguous-updates-first',
  breaks: ['error.code.ambiguous-match'],
  description: 'an upsert whose match finds two records updates the first rather than answering ambiguous_match',
  apply: flag('upsert-ambiguous-updates-first'),
});
