import { attributeOf } from '../attributes/index.js';
import { defineFault } from './define.js';
import { ATTRIBUTE_WRITES, bodyAttributes, withAttributes, wrapRoute } from './kit.js';

/**
 * A raw value of a string attribute of a built-in record type is stored JSON-encoded: the
 * built-in types' write layer serialises every non-enveloped value with JSON.stringify before it
 * reaches the text column, so "Jane" reads back as "\"Jane\"". Enveloped values, raw values of
 * other value types, and custom-object records (another write path) are stored as sent.
 */
export default defineFault({
  id: 'raw-string-json-encoded',
  breaks: ['write.raw-value'],
  description:
    'a string attribute of a built-in record type written as a raw value is stored JSON-encoded ("Jane" reads back as "\\"Jane\\"")',
  apply(state) {
    for (const [method, pattern] of ATTRIBUTE_WRITES.filter(([, p]) => !p.startsWith('/:custom_object_api_name'))) {
      wrapRoute(state, method, pattern, (inner) => (ctx) => {
        const attributes = bodyAttributes(ctx);
        if (!attributes) return inner(ctx);
        const type = pattern.split('/')[1] ?? '';
        const changed = Object.fromEntries(
          Object.entries(attributes).map(([name, v]) => {
            const def = attributeOf(ctx.org, type, ctx.profile, name);
            return [name, typeof v === 'string' && def?.type === 'string' && !def.multi ? JSON.stringify(v) : v];
          }),
        );
        return inner(withAttributes(ctx, changed));
      });
    }
  },
});
