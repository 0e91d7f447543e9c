import { defineFault } from './define.js';
import { isObj, mapTypedValues } from './kit.js';

/** An account's stage typed "select" (with color) instead of account_stage. */
export default defineFault({
  id: 'account-stage-typed-select',
  breaks: ['record.account.attributes'],
  description: "an account's stage has value_type select instead of account_stage",
  apply(state) {
    mapTypedValues(state, (tv, name, record) => {
      if (record['record_type'] === 'account' && name === 'stage') {
        tv.value_type = 'select';
        if (isObj(tv.value)) tv.value['color'] = '#000000';
      }
    });
  },
});
