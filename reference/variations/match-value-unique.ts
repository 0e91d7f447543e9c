import { apiError } from '../errors.js';
import { customObjectOf } from '../attributes/index.js';
import { bodyAttributes, isObj, wrapRoute } from '../faults/kit.js';
import { defineVariation } from './define.js';

/**
 * The workspace holds a custom object's match values unique, as an external key usually is: a patch
 * writing a match field's value another active record of that object holds is refused 409 `conflict`.
 * No two records then hold one value, so no upsert finds two.
 */
export default defineVariation({
  id: 'match-value-unique',
  description:
    "A custom object's match field is unique: a patch writing a value another active record holds is refused 409 conflict.",
  quote:
    'silent: "PATCH | /{custom_object_api_name}/{record_id} | JSON `{ attributes }`" states no uniqueness either way, and `conflict` is a listed code ("generic conflict")',
  affects: ['error.code.ambiguous-match'],
  apply(state) {
    wrapRoute(state, 'PATCH', '/:custom_object_api_name/:record_id', (inner) => (ctx) => {
      const type = ctx.params['custom_object_api_name'] ?? '';
      const attributes = bodyAttributes(ctx) ?? {};
      for (const field of customObjectOf(ctx.org, type)?.matchFields ?? []) {
        const raw = attributes[field];
        const value = isObj(raw) && 'value' in raw ? raw['value'] : raw;
        const holder = ctx.store
          .list(ctx.org.id, type)
          .find(
            (r) =>
              r.id !== ctx.params['record_id'] &&
              r.attrs['archived_at'] == null &&
              value !== undefined &&
              JSON.stringify(r.attrs[field]) === JSON.stringify(value),
          );
        if (holder)
          throw apiError(409, 'conflict', `Another ${type} record has ${field} ${JSON.stringify(value)}`, { field });
      }
      return inner(ctx);
    });
  },
});
