import { defineFault } from './define.js';
import { ownTypeFindsAnyRecord } from './kit.js';

/**
 * Organization B's workspace names its custom object `cus_obj__initiative` (its own, as a workspace may),
 * and a custom-object PATCH under a type the caller has looks the record up by its id alone: a record of
 * another organization, of another type, is patched.
 */
export default defineFault({
  id: 'other-org-own-type-finds-any-record',
  breaks: ['isolation.other-organization'],
  description:
    "organization B's custom object has its own api_name, and a PATCH under it finds organization A's record by id alone",
  apply(state) {
    ownTypeFindsAnyRecord(state, 'other-org-own-type-finds-any-record', 'PATCH', '/:custom_object_api_name/:record_id');
  },
});
