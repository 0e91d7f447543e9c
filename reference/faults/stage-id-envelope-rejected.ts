import { apiError } from '../errors.js';
import { defineFault } from './define.js';
import { isObj, rewriteAttributes } from './kit.js';

/** An option reference by id is refused: only api_name (or a string) resolves. */
export default defineFault({
  id: 'stage-id-envelope-rejected',
  breaks: ['write.stage-enveloped'],
  description: 'a stage written as { value_type: select, value: { id } } is rejected; only api_name references resolve',
  apply(state) {
    rewriteAttributes(state, (attributes) => {
      const stage = attributes['stage'];
      const ref = isObj(stage) && isObj(stage['value']) ? stage['value'] : stage;
      if (isObj(ref) && 'id' in ref && !('api_name' in ref)) {
        throw apiError(422, 'field_value_invalid', 'Invalid value for stage: an option reference needs api_name', {
          field: 'stage',
          reason: 'api_name required',
        });
      }
      return undefined;
    });
  },
});
