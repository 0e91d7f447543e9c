import { defineFault } from './define.js';
import { ownTypeFindsAnyRecord } from './kit.js';

/**
 * Organization B's workspace names its custom object `cus_obj__initiative`, and a custom object's
 * relationship read under a type the caller has looks the record up by its id alone: organization B
 * reads the edges of organization A's record.
 */
export default defineFault({
  id: 'other-org-own-type-reads-any-edges',
  breaks: ['isolation.other-organization'],
  description:
    "organization B's custom object has its own api_name, and a relationship read under it shows organization A's record's edges, found by id alone",
  apply(state) {
    ownTypeFindsAnyRecord(
      state,
      'other-org-own-type-reads-any-edges',
      'GET',
      '/:custom_object_api_name/:record_id/relationship/:api_name',
    );
  },
});
