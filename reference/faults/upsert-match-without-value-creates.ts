import { defineFault } from './define.js';
import { isObj, wrapRoute } from './kit.js';

/**
 * An upsert whose match names a field but no value matches on the value the attributes give that
 * field, and so makes a record: the match's missing part is never reported.
 */
export default defineFault({
  id: 'upsert-match-without-value-creates',
  breaks: ['custom-object.upsert.missing-match-key'],
  description:
    'an upsert whose match has a field and no value takes the value from attributes[field] instead of answering missing_match_key',
  apply(state) {
    wrapRoute(state, 'POST', '/:custom_object_api_name/_upsert', (inner) => (ctx) => {
      const body = ctx.body;
      const match = body?.['match'];
      const attributes = body?.['attributes'];
      if (!body || !isObj(match) || typeof match['field'] !== 'string' || 'value' in match || !isObj(attributes))
        return inner(ctx);
      return inner({ ...ctx, body: { ...body, match: { ...match, value: attributes[match['field']] } } });
    });
  },
});
