import { apiError } from '../errors.js';
import { defineFault } from './define.js';
import { bodyAttributes, isObj, wrapRoute } from './kit.js';

/**
 * A contact patch takes its stage as a string but refuses the enveloped select the spec states beside
 * it (a contact create takes both): the write forms were tried on create only, so a patch's refusal of
 * one form passed while the same patch took the other.
 */
export default defineFault({
  id: 'contact-patch-stage-envelope-refused',
  breaks: ['write.stage-enveloped'],
  description:
    'PATCH /contact/{id} takes stage as a string but refuses { value_type: select, value: { … } } with 422 field_value_invalid',
  apply(state) {
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) => (ctx) => {
      if (isObj(bodyAttributes(ctx)?.['stage']))
        throw apiError(422, 'field_value_invalid', 'stage must be a string', { field: 'stage' });
      return inner(ctx);
    });
  },
});
