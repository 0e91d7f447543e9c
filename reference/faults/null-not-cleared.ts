import { defineFault } from './define.js';
import { rewriteAttributes } from './kit.js';

/** null is accepted (2xx) but ignored: the attribute keeps its value. */
export default defineFault({
  id: 'null-not-cleared',
  breaks: ['write.null'],
  description: 'a null attribute value is accepted but ignored, so the attribute keeps its old value',
  apply(state) {
    rewriteAttributes(state, (attributes) => {
      for (const [name, value] of Object.entries(attributes)) if (value === null) delete attributes[name];
      return attributes;
    });
  },
});
