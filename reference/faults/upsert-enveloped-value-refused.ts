import { apiError } from '../errors.js';
import { defineFault } from './define.js';
import { bodyAttributes, isObj, wrapRoute } from './kit.js';

/**
 * An upsert reads a select's envelope but takes every other value raw only: a plain value written as
 * { value_type, value } is refused, though the same form is taken on the custom-object PATCH.
 */
export default defineFault({
  id: 'upsert-enveloped-value-refused',
  breaks: ['write.enveloped-value'],
  description:
    'a custom-object upsert refuses an attribute other than a select written as { value_type, value } with 422 field_value_invalid',
  apply(state) {
    wrapRoute(state, 'POST', '/:custom_object_api_name/_upsert', (inner) => (ctx) => {
      for (const [name, v] of Object.entries(bodyAttributes(ctx) ?? {}))
        if (isObj(v) && 'value_type' in v && 'value' in v && v['value_type'] !== 'select')
          throw apiError(422, 'field_value_invalid', `${name} must be a raw value`, { field: name });
      return inner(ctx);
    });
  },
});
