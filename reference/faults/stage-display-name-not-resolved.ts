import { apiError } from '../errors.js';
import type { SelectList } from '../model.js';
import { defineFault } from './define.js';
import { rewriteAttributes } from './kit.js';

/** A stage string is matched on api_name only; a display name is an unknown option. */
export default defineFault({
  id: 'stage-display-name-not-resolved',
  breaks: ['write.stage-by-name'],
  description: 'a stage written as a string is matched against option api_names only, so a display name is rejected',
  apply(state) {
    rewriteAttributes(state, (attributes, ctx) => {
      const stage = attributes['stage'];
      if (typeof stage !== 'string') return undefined;
      const lists: SelectList[] = [ctx.org.contactStages, ctx.org.accountStages, ...ctx.org.opportunityPipelines];
      if (!lists.some((l) => l.options.some((o) => o.api_name === stage))) {
        throw apiError(422, 'field_value_invalid', `Invalid value for stage: no option with api_name ${stage}`, {
          field: 'stage',
          reason: 'no such option',
        });
      }
      return undefined;
    });
  },
});
