import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

/** Characters outside ASCII come back as "?" (a latin-1 column). */
export default defineFault({
  id: 'unicode-mangled',
  breaks: ['robustness.round-trip'],
  description: 'non-ASCII characters in string-typed values read back as "?"',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'string' && typeof tv.value === 'string') {
        // eslint-disable-next-line no-control-regex -- every character outside ASCII is the one mangled
        tv.value = tv.value.replace(/[^\x00-\x7F]/gu, '?');
      }
    });
  },
});
