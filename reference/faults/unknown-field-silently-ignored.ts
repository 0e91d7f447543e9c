import { attributesOf } from '../attributes/index.js';
import { defineFault } from './define.js';
import { rewriteAttributes } from './kit.js';
import type { Context } from '../context.js';

const recordType = (ctx: Context): string => {
  if (ctx.params['custom_object_api_name']) return ctx.params['custom_object_api_name'];
  return ctx.path.split('/')[1] ?? '';
};

/** Unknown attributes are dropped without a word. */
export default defineFault({
  id: 'unknown-field-silently-ignored',
  breaks: ['contact.unknown-field'],
  description: 'attributes the record type does not have are silently dropped instead of rejected as unknown_field',
  apply(state) {
    rewriteAttributes(state, (attributes, ctx) => {
      const known = new Set(attributesOf(ctx.org, recordType(ctx), ctx.profile).map((d) => d.name));
      for (const name of Object.keys(attributes)) if (!known.has(name)) delete attributes[name];
      return attributes;
    });
  },
});
