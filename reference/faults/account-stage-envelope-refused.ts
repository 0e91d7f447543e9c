import { apiError } from '../errors.js';
import { defineFault } from './define.js';
import { bodyAttributes, isObj, wrapRoute } from './kit.js';

/**
 * An account create takes its stage as a string but refuses the enveloped select the spec states
 * beside it: where whether an account takes a stage is not shown, a refusal of one form passed while
 * the server took the other.
 */
export default defineFault({
  id: 'account-stage-envelope-refused',
  breaks: ['write.stage-enveloped'],
  description:
    'POST /account takes stage as a string but refuses { value_type: select, value: { api_name } } with 422 field_value_invalid',
  apply(state) {
    wrapRoute(state, 'POST', '/account', (inner) => (ctx) => {
      if (isObj(bodyAttributes(ctx)?.['stage']))
        throw apiError(422, 'field_value_invalid', 'stage must be a string', { field: 'stage' });
      return inner(ctx);
    });
  },
});
