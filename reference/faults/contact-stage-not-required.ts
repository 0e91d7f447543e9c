import { defineFault } from './define.js';
import { wrapRoute, bodyAttributes, withAttributes } from './kit.js';

/** A contact created without stage gets the first stage instead of being refused. */
export default defineFault({
  id: 'contact-stage-not-required',
  breaks: ['contact.create.stage-required'],
  description: 'a contact create without stage succeeds, defaulting to the first stage',
  apply(state) {
    wrapRoute(state, 'POST', '/contact', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      const first = ctx.org.contactStages.options[0];
      if (!attributes || (attributes['stage'] !== undefined && attributes['stage'] !== null) || !first)
        return inner(ctx);
      return inner(withAttributes(ctx, { ...attributes, stage: first.api_name }));
    });
  },
});
