import { defineFault } from './define.js';
import { rewriteAttributes } from './kit.js';

/** null clears title, and is accepted but ignored on every other attribute. */
export default defineFault({
  id: 'null-cleared-on-title-only',
  breaks: ['write.null'],
  description: 'a null attribute value clears title but is accepted and ignored on every other attribute',
  apply(state) {
    rewriteAttributes(state, (attributes) => {
      for (const [name, value] of Object.entries(attributes))
        if (value === null && name !== 'title') delete attributes[name];
      return attributes;
    });
  },
});
