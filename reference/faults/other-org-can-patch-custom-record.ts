import { defineFault } from './define.js';
import { acrossOrganizations, wrapRoute } from './kit.js';

/** PATCH of a custom-object record reaches any organization's record. */
export default defineFault({
  id: 'other-org-can-patch-custom-record',
  breaks: ['isolation.other-organization'],
  description: "PATCH /{custom_object}/{id} changes another organization's custom-object record",
  apply(state) {
    wrapRoute(state, 'PATCH', '/:custom_object_api_name/:record_id', (inner) =>
      acrossOrganizations(inner, (ctx) => ctx.params['custom_object_api_name'] ?? '', 'record_id'),
    );
  },
});
