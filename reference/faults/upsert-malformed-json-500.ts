import { defineFault } from './define.js';
import { mapErrors } from './kit.js';

/**
 * The custom-object routes parse their own bodies (a workspace-defined schema) and crash on one that is
 * not JSON: 500. The contact routes, which the suite checked alone before, still answer 400.
 */
export default defineFault({
  id: 'upsert-malformed-json-500',
  breaks: ['media.malformed-json'],
  description: 'a malformed JSON body to the upsert or a custom-object patch answers 500 instead of 400',
  apply(state) {
    mapErrors(state, (error, reply, request) => {
      if (error.details?.['type'] !== 'json_invalid' || !request.path.startsWith('/cus_obj__')) return undefined;
      return {
        ...reply,
        status: 500,
        body: { ...error, status_code: 500, code: 'write_not_supported', message: 'Internal error', details: null },
      };
    });
  },
});
