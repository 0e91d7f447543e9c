import { defineFault } from './define.js';
import { rewriteAttributes } from './kit.js';

/** account_id on opportunity create is dropped. */
export default defineFault({
  id: 'opportunity-create-drops-account',
  breaks: ['opportunity.create.record'],
  description: 'POST /opportunity ignores account_id: the created opportunity has no account',
  apply(state) {
    rewriteAttributes(state, (attributes, ctx) => {
      if (ctx.method !== 'POST' || ctx.path !== '/opportunity' || !('account_id' in attributes)) return undefined;
      delete attributes['account_id'];
      return attributes;
    });
  },
});
