import { apiError } from '../errors.js';
import { bodyAttributes, wrapRoute } from './kit.js';
import { defineFault } from './define.js';

/** A contact patch refuses every null, though the schema discovery reports those attributes nullable. */
export default defineFault({
  id: 'null-refused-where-nullable',
  breaks: ['write.null'],
  description:
    'a contact patch writing null is refused 422 field_value_invalid, though GET /_schema/contact reports the attribute nullable',
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) => (ctx) => {
      const attributes = bodyAttributes(ctx);
      const nulled = attributes ? Object.keys(attributes).find((k) => attributes[k] === null) : undefined;
      if (nulled !== undefined)
        throw apiError(422, 'field_value_invalid', `${nulled} cannot be null`, { field: nulled, reason: 'null' });
      return inner(ctx);
    });
  },
});
