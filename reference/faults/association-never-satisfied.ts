import { apiError } from '../errors.js';
import { defineFault } from './define.js';
import { wrapRoute } from './kit.js';
import type { Handler } from '../router.js';

/** Linking a contact and an opportunity is always refused 409, even with the contact on the account. */
const refuse =
  (isPair: (apiName: string) => boolean): ((inner: Handler) => Handler) =>
  (inner) =>
  (ctx) => {
    if (!isPair(ctx.params['api_name'] ?? '')) return inner(ctx);
    throw apiError(409, 'contact_account_association_required', "The contact is not on the opportunity's account", {
      reason: 'association check',
    });
  };

export default defineFault({
  id: 'association-never-satisfied',
  breaks: ['relationship.contact-account-association'],
  description:
    'linking a contact to an opportunity is always refused 409 contact_account_association_required, even when the contact is on the account',
  apply(state) {
    wrapRoute(
      state,
      'POST',
      '/contact/:contact_id/relationship/:api_name',
      refuse((n) => n === 'opportunities'),
    );
    wrapRoute(
      state,
      'POST',
      '/opportunity/:opportunity_id/relationship/:api_name',
      refuse((n) => n === 'contacts'),
    );
  },
});
