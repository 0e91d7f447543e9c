import { defineVariation, variationFlag } from './define.js';

/**
 * Discovery serialises is_required_on_create only when it is true (Go's `omitempty`, proto3 JSON
 * leaving out a false boolean): the attributes that are not required carry no flag at all.
 */
export default defineVariation({
  id: 'required-flag-omitempty',
  description:
    'GET /_schema/contact sends is_required_on_create (and every other boolean flag) only when true, as omitempty serialisers do.',
  quote:
    '`GET /_schema/contact` lists the contact attributes (including `is_required_on_create`), stage select lists and option api_names. … Their response shapes: not shown.',
  affects: ['discovery.*', 'contact.*', 'write.*'],
  apply: variationFlag('required-flag-omitempty'),
});
