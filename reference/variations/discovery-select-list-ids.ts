import { defineVariation, variationFlag } from './define.js';

/**
 * GET /_schema/{record_type} ties every select attribute (stages too) to its lists by `select_list_ids`
 * and carries no options; the lists (`select_lists: [{ id, api_name, options }]`) name no attribute and
 * no stage. `init` must follow the ids to a select's options and to the stage's lists (a server written
 * from the spec answers so).
 */
export default defineVariation({
  id: 'discovery-select-list-ids',
  description:
    'Every select attribute (stages too) names its lists by select_list_ids, without options; the lists (select_lists: [{ id, options }]) name no attribute; relationships listed; the summary lists custom objects without attributes.',
  quote:
    '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names. `GET /_organization_schema_summary` lists custom objects. Their response shapes: not shown.',
  affects: ['discovery.*'],
  apply: variationFlag('discovery-select-list-ids'),
});
