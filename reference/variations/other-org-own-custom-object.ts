import { otherOrganizationOwnType } from '../other-organization.js';
import { defineVariation } from './define.js';

/**
 * Organization B is another workspace with a custom object of its own: `cus_obj__initiative`, where
 * organization A has `cus_obj__project`. Organization A's api_name is an unknown type to organization B.
 */
export default defineVariation({
  id: 'other-org-own-custom-object',
  description:
    "Organization B's custom object is its own (cus_obj__initiative): organization A's api_name is unknown to organization B.",
  quote: 'custom objects (per-workspace record types whose api_name starts with `cus_obj__`)',
  affects: ['isolation.*', 'custom-object.*'],
  apply(state) {
    otherOrganizationOwnType(state, 'variation other-org-own-custom-object');
  },
});
