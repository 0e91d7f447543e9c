import { apiError } from '../errors.js';
import { bodyAttributes, isObj, wrapRoute } from '../faults/kit.js';
import { defineVariation } from './define.js';

/** The text of a raw or enveloped string written. */
function textOf(raw: unknown): unknown {
  return isObj(raw) && 'value' in raw ? raw['value'] : raw;
}

/**
 * The organization holds account names unique, as many CRMs do: a create naming an account the
 * organization already has (archived ones included) is refused 409 `conflict`. A second run meets
 * the accounts of the first: the suite's names must carry the run id, and two of one run must differ.
 */
export default defineVariation({
  id: 'account-name-unique',
  description:
    'Account names are unique per organization: a create naming an account the organization already has (archived or not) is refused 409 conflict.',
  quote:
    'silent: "Account create attributes shown: display_name (string)." states no uniqueness either way, and `conflict` is a listed code ("generic conflict")',
  affects: ['*'],
  apply(state) {
    wrapRoute(state, 'POST', '/account', (inner) => (ctx) => {
      const name = textOf(bodyAttributes(ctx)?.['display_name']);
      if (
        typeof name === 'string' &&
        ctx.store.list(ctx.org.id, 'account').some((r) => r.attrs['display_name'] === name)
      )
        throw apiError(409, 'conflict', `An account named ${JSON.stringify(name)} exists already`, {
          field: 'display_name',
        });
      return inner(ctx);
    });
  },
});
