import { defineFault } from './define.js';
import { isObj, mapTypedValues } from './kit.js';

/**
 * Currency amounts as JSON numbers, { amount: 15000 }, on every record type that carries one (an
 * account's estimated_annual_revenue, an opportunity's amount, a custom object's currency attribute):
 * one line of a server's code. The suite must report one root cause, under value.shape, and nothing
 * else: an upsert that created and updated did so (test/one-cause.test.ts).
 */
export default defineFault({
  id: 'currency-amount-number',
  breaks: ['value.shape'],
  description: 'currency values carry amount as a JSON number instead of a string, on every record type',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'currency' && isObj(tv.value) && typeof tv.value['amount'] === 'string')
        tv.value['amount'] = Number(tv.value['amount']);
    });
  },
});
