import { defineVariation, variationFlag } from './define.js';

/**
 * GET /_schema/{record_type} serves its select lists apart, each naming the attributes it serves
 * (`attribute_api_names`), the attributes without options; GET /_organization_schema_summary lists each
 * custom object with its attributes (no options) and every record type's relationships, which the
 * schemas do not. `init` must take a select's options from the list naming it, and relationships from
 * the summary.
 */
export default defineVariation({
  id: 'discovery-lists-by-attribute-names',
  description:
    "Select lists name the attributes they serve (select_lists: [{ id, attribute_api_names, options }]), attributes carry no options; the summary lists each custom object's attributes without options, and each type's relationships.",
  quote:
    '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names. `GET /_organization_schema_summary` lists custom objects. Their response shapes: not shown.',
  affects: ['discovery.*'],
  apply: variationFlag('discovery-lists-by-attribute-names'),
});
