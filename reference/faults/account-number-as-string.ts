import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

/**
 * An account's number-typed values are rendered as strings ("250"). Only an account on which the
 * suite sets a number shows it: the seeded data the suite reads carries none, so only a check that
 * writes a number value and reads it back can notice.
 */
export default defineFault({
  id: 'account-number-as-string',
  breaks: ['value.shape'],
  description: 'number-typed values of accounts are rendered as JSON strings instead of numbers',
  apply(state) {
    mapTypedValues(state, (tv, _name, record) => {
      if (record['record_type'] === 'account' && tv.value_type === 'number' && typeof tv.value === 'number')
        tv.value = String(tv.value);
    });
  },
});
