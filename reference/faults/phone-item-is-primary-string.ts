import { defineFault } from './define.js';
import { isObj, mapTypedValues } from './kit.js';

/**
 * contact_phone_number items carry is_primary as "true"/"false" strings, the fixture contact's
 * included: the fixtures check must report the server's shape (value.shape, exit 1), not blame the
 * user's contactWithPhoneNumbersId (exit 2).
 */
export default defineFault({
  id: 'phone-item-is-primary-string',
  breaks: ['value.shape'],
  description: 'contact_phone_number values carry is_primary as the string "true" or "false"',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'contact_phone_number' && isObj(tv.value) && typeof tv.value['is_primary'] === 'boolean') {
        tv.value['is_primary'] = String(tv.value['is_primary']);
      }
    });
  },
});
