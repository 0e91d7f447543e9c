import { defineFault } from './define.js';
import { bodyAttributes, withAttributes, wrapRoute } from './kit.js';

/** An account created with its stage as a plain string gets another option of the list. */
export default defineFault({
  id: 'account-stage-name-misresolved',
  breaks: ['write.stage-by-name'],
  description:
    'POST /account with stage as a plain string (api_name or display name) stores another option of the account stage list',
  apply(state) {
    wrapRoute(state, 'POST', '/account', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      const sent = attributes?.['stage'];
      if (!attributes || typeof sent !== 'string') return inner(ctx);
      const other = ctx.org.accountStages.options.find((o) => o.api_name !== sent && o.display_name !== sent);
      return inner(withAttributes(ctx, { ...attributes, stage: other?.api_name ?? sent }));
    });
  },
});
