import { apiError } from '../errors.js';
import type { Context } from '../context.js';
import { bodyAttributes, isObj, wrapRoute } from '../faults/kit.js';
import type { Handler } from '../router.js';
import { defineVariation } from './define.js';

/** The address a create or patch writes to primary_email (raw or enveloped), lower-cased. */
function emailOf(ctx: Context): string | undefined {
  const raw = bodyAttributes(ctx)?.['primary_email'];
  const value = isObj(raw) && 'value' in raw ? raw['value'] : raw;
  return typeof value === 'string' ? value.toLowerCase() : undefined;
}

/** Refuses a primary_email another contact of the organization holds (`self`: the contact patched). */
function refuseTaken(inner: Handler, self: (ctx: Context) => string | undefined): Handler {
  return (ctx) => {
    const email = emailOf(ctx);
    const holder = ctx.store.list(ctx.org.id, 'contact').find((r) => {
      const held = r.attrs['primary_email'];
      return r.id !== self(ctx) && typeof held === 'string' && held.toLowerCase() === email;
    });
    if (email !== undefined && holder)
      throw apiError(409, 'conflict', `Another contact has the email ${email}`, { field: 'primary_email' });
    return inner(ctx);
  };
}

/**
 * The organization dedupes contacts by email, as many CRMs do: a create or patch writing a
 * primary_email another contact of the organization holds is refused 409 `conflict`. Contacts cannot
 * be archived, so every contact an earlier run made keeps its email: a run must use its own.
 */
export default defineVariation({
  id: 'contact-email-unique',
  description:
    'A contact primary_email is unique per organization: a create or patch writing one another contact holds is refused 409 conflict.',
  quote:
    'silent: "| primary_email | string or email-typed envelope |" states no uniqueness either way, and `conflict` is a listed code ("generic conflict")',
  affects: ['*'],
  apply(state) {
    wrapRoute(state, 'POST', '/contact', (inner) => refuseTaken(inner, () => undefined));
    wrapRoute(state, 'PATCH', '/contact/:contact_id', (inner) => refuseTaken(inner, (ctx) => ctx.params['contact_id']));
  },
});
