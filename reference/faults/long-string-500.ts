import { defineFault } from './define.js';
import { isObj, rewriteAttributes } from './kit.js';

const COLUMN_LIMIT = 1000;

/** Strings over 1000 characters overflow a column and crash the write: 500. */
export default defineFault({
  id: 'long-string-500',
  breaks: ['robustness.no-5xx'],
  description: `a string attribute longer than ${COLUMN_LIMIT} characters answers 500 (value too long for the column)`,
  apply(state) {
    rewriteAttributes(state, (attributes) => {
      for (const value of Object.values(attributes)) {
        const text = isObj(value) ? value['value'] : value;
        if (typeof text === 'string' && text.length > COLUMN_LIMIT)
          throw new Error(`value too long for type character varying(${COLUMN_LIMIT})`);
      }
      return undefined;
    });
  },
});
