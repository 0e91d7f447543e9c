import { defineVariation, variationFlag } from './define.js';

/**
 * GET /_organization_schema_summary lists every object as `{ object_api_name, kind }`, a custom object
 * with `match_on`. A custom object is a value starting with `cus_obj__` under whatever key: `init` must
 * find it there.
 */
export default defineVariation({
  id: 'discovery-object-api-name',
  description:
    'The schema summary lists every object as { object_api_name, kind }, custom objects with their match fields under match_on.',
  quote:
    '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names. `GET /_organization_schema_summary` lists custom objects. Their response shapes: not shown.',
  affects: ['discovery.*'],
  apply: variationFlag('discovery-object-api-name'),
});
