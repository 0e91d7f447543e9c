import { defineVariation, variationFlag } from './define.js';

/**
 * GET /_schema/{record_type} gives each record_reference attribute the record type it points to
 * (`primary_contact_id`, `related_record_type: contact`), listed before the type's relationships. An
 * attribute's api_name is no relationship api_name: `init` must draft `contacts`, never
 * `primary_contact_id`, for the opportunity's relationship to contacts.
 */
export default defineVariation({
  id: 'discovery-record-reference-typed',
  description:
    'Each record_reference attribute names the record type it points to (primary_contact_id: related_record_type contact), listed before the relationships.',
  quote:
    '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names. `GET /_organization_schema_summary` lists custom objects. Their response shapes: not shown.',
  affects: ['discovery.*'],
  apply: variationFlag('discovery-record-reference-typed'),
});
