import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

/**
 * An opportunity's stage typed "select" instead of opportunity_stage: the server renders pipeline
 * stages through its generic select-list code. The value keeps every field (closing_probability
 * and expected_days included), so only the value_type is wrong.
 */
export default defineFault({
  id: 'opportunity-stage-typed-select',
  breaks: ['record.opportunity.attributes'],
  description: "an opportunity's stage has value_type select instead of opportunity_stage",
  apply(state) {
    mapTypedValues(state, (tv, name, record) => {
      if (record['record_type'] === 'opportunity' && name === 'stage') tv.value_type = 'select';
    });
  },
});
