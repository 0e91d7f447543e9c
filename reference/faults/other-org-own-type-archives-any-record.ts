import { defineFault } from './define.js';
import { ownTypeFindsAnyRecord } from './kit.js';

/**
 * Organization B's workspace names its custom object `cus_obj__initiative`, and a custom-object DELETE
 * under a type the caller has looks the record up by its id alone: organization A's record is archived.
 */
export default defineFault({
  id: 'other-org-own-type-archives-any-record',
  breaks: ['isolation.other-organization'],
  description:
    "organization B's custom object has its own api_name, and a DELETE under it archives organization A's record, found by id alone",
  apply(state) {
    ownTypeFindsAnyRecord(
      state,
      'other-org-own-type-archives-any-record',
      'DELETE',
      '/:custom_object_api_name/:record_id',
    );
  },
});
