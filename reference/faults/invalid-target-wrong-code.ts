import { defineFault } from './define.js';
import { mapErrors, recoded } from './kit.js';

/**
 * a relationship POST whose related_record_id is not a uuid answers with the code field_value_invalid instead of
 * invalid_target_identifier
 */
export default defineFault({
  id: 'invalid-target-wrong-code',
  breaks: ['error.code.invalid-target-identifier'],
  description:
    'a relationship POST whose related_record_id is not a uuid answers with the code field_value_invalid instead of invalid_target_identifier',
  apply(state) {
    mapErrors(state, (error, reply) => {
      if (error.code !== 'invalid_target_identifier') return undefined;
      return recoded(error, reply, 'field_value_invalid');
    });
  },
});
