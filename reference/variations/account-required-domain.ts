import { requiredCreateField } from './required-create-field.js';

/**
 * The workspace requires a domain on account create (`domains`, account_domain items), and says so
 * in GET /_schema/account. The suite must find it there and send a domain of its own (a fresh one:
 * a server may hold domains unique) on every account it creates, never fail a check over it.
 */
export default requiredCreateField({
  id: 'account-required-domain',
  description:
    'The workspace requires a domain on account create (domains), and says so in GET /_schema/account (is_required_on_create).',
  affects: ['account.*', 'opportunity.*', 'http.*', 'error.*'],
  // no server both requires domains on an account create and refuses them there; and this one says so
  // in GET /_schema/account, a read the spec does not state, which stated-reads-only does not serve
  // (there the run cannot learn the field and names fixtures `account.createAttributes` for the user)
  conflicts: ['account-domains-not-on-create', 'stated-reads-only'],
  profile: { accountRequiredAttribute: 'domains' },
});
