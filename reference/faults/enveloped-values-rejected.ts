import { invalid } from '../errors.js';
import { defineFault } from './define.js';
import { isObj, rewriteAttributes } from './kit.js';

/**
 * Attributes other than stage written as { value_type, value } are refused as the wrong JSON type: a
 * custom object's enveloped select too, so the select-envelope rule breaks with it.
 */
export default defineFault({
  id: 'enveloped-values-rejected',
  breaks: ['write.enveloped-value', 'write.stage-enveloped'],
  description:
    'attribute writes accept only raw values: an enveloped { value_type, value } (stage aside) is rejected 400',
  apply(state) {
    rewriteAttributes(state, (attributes) => {
      for (const [name, value] of Object.entries(attributes)) {
        if (name !== 'stage' && isObj(value) && 'value_type' in value && 'value' in value) {
          throw invalid(['body', 'attributes', name], 'string_type', `${name} must be a raw value`);
        }
      }
      return undefined;
    });
  },
});
