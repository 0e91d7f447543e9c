import { defineVariation, variationFlag } from './define.js';

/**
 * GET /_organization_schema_summary lists each custom object nested (`data.organization.objects.custom`)
 * with its attributes (`schema.fields: [{ api_name, type, writable, is_unique, choices }]`): no
 * matching-fields list, the match field is the attribute marked `is_unique`, and a select attribute
 * carries its options as `choices`. `init` must find the match field and draft the samples there.
 */
export default defineVariation({
  id: 'discovery-unique-attribute',
  description:
    'The schema summary nests each custom object with its attributes ({ api_name, type, writable, is_unique, choices }): the match field is the attribute marked is_unique, no matching-fields list.',
  quote:
    '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names. `GET /_organization_schema_summary` lists custom objects. Their response shapes: not shown.',
  affects: ['discovery.*'],
  apply: variationFlag('discovery-unique-attribute'),
});
