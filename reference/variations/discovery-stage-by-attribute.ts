import { defineVariation, variationFlag } from './define.js';

/**
 * GET /_schema/{record_type} lists its select lists under `select_lists`, none named after a stage:
 * each is bound to the attributes it serves by `attribute_api_names` (`["stage"]`), and a list of
 * another select attribute comes first. `init` must take the stage options from the list bound to
 * `stage`, never from the first list it meets.
 */
export default defineVariation({
  id: 'discovery-stage-by-attribute',
  description:
    'The schema discovery answers list select lists as select_lists: [{ id, api_name, attribute_api_names: ["stage"], options }], none named after a stage, a list of another select attribute first.',
  quote:
    '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names. `GET /_organization_schema_summary` lists custom objects. Their response shapes: not shown.',
  affects: ['discovery.*'],
  apply: variationFlag('discovery-stage-by-attribute'),
});
