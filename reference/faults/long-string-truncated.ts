import { defineFault } from './define.js';
import { isObj, rewriteAttributes } from './kit.js';

const KEPT = 200;

/** Strings past a column's width are cut to fit, and the write still answers 2xx. */
export default defineFault({
  id: 'long-string-truncated',
  breaks: ['generated.write-round-trip'],
  description: `a string attribute longer than ${KEPT} characters is stored cut to ${KEPT}, and the write answers 2xx`,
  apply(state) {
    rewriteAttributes(state, (attributes) => {
      let changed = false;
      for (const [name, value] of Object.entries(attributes)) {
        if (typeof value === 'string' && value.length > KEPT) {
          attributes[name] = value.slice(0, KEPT);
          changed = true;
        } else if (isObj(value) && typeof value['value'] === 'string' && value['value'].length > KEPT) {
          attributes[name] = { ...value, value: value['value'].slice(0, KEPT) };
          changed = true;
        }
      }
      return changed ? attributes : undefined;
    });
  },
});
