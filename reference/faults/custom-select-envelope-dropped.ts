import { defineFault } from './define.js';
import { bodyAttributes, isObj, withAttributes, wrapRoute } from './kit.js';

/** An upsert drops every select written enveloped: the record is made without it. */
export default defineFault({
  id: 'custom-select-envelope-dropped',
  breaks: ['write.stage-enveloped'],
  description:
    'a custom-object upsert accepts a select written as { value_type: select, value: { api_name | id } } but stores no value for it',
  apply(state) {
    wrapRoute(state, 'POST', '/:custom_object_api_name/_upsert', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      if (!attributes) return inner(ctx);
      const kept = Object.fromEntries(
        Object.entries(attributes).filter(([, v]) => !(isObj(v) && v['value_type'] === 'select')),
      );
      return inner(withAttributes(ctx, kept));
    });
  },
});
