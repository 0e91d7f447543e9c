import { defineFault } from './define.js';
import { isObj, rewriteAttributes } from './kit.js';

/** select_list_id in an option reference is dropped, so a name shared by two pipelines stays ambiguous. */
export default defineFault({
  id: 'select-list-id-ignored',
  breaks: ['write.select-list-id'],
  description:
    'select_list_id in a stage reference is ignored, so an option name shared by two pipelines cannot be chosen',
  apply(state) {
    rewriteAttributes(state, (attributes) => {
      const stage = attributes['stage'];
      const ref = isObj(stage) && isObj(stage['value']) ? stage['value'] : stage;
      if (!isObj(ref) || !('select_list_id' in ref)) return undefined;
      const { select_list_id: _ignored, ...rest } = ref;
      attributes['stage'] = isObj(stage) && isObj(stage['value']) ? { ...stage, value: rest } : rest;
      return attributes;
    });
  },
});
