import { defineVariation, variationFlag } from './define.js';

/**
 * GET /_schema/{record_type} also lists the record type's relationships as
 * `relationships: [{ api_name, related_record_type }]`: where a real server says which relationship
 * api_names its workspace has, `init` must draft them.
 */
export default defineVariation({
  id: 'discovery-relationships-listed',
  description:
    "The schema discovery answers also list each record type's relationships as relationships: [{ api_name, related_record_type }].",
  quote:
    '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names. `GET /_organization_schema_summary` lists custom objects. Their response shapes: not shown.',
  affects: ['discovery.*'],
  apply: variationFlag('discovery-relationships-listed'),
});
