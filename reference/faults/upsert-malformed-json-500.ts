import { defineFault } from './define.js';
import { crashesOn } from './kit.js';

/**
 * The custom-object routes parse their own bodies (a workspace-defined schema) and crash on one that is
 * not JSON: 500. The contact routes, which the suite checked alone before, still answer 400.
 */
export default defineFault({
  id: 'upsert-malformed-json-500',
  breaks: ['media.malformed-json'],
  description: 'a malformed JSON body to the upsert or a custom-object patch answers 500 instead of 400',
  apply: crashesOn(
    'Internal error',
    (error, request) => error.details?.['type'] === 'json_invalid' && request.path.startsWith('/cus_obj__'),
  ),
});
