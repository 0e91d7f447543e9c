import { requiredCreateField } from './required-create-field.js';

/**
 * The workspace requires a close date on opportunity create (`anticipated_closing_at`, a timestamp),
 * and says so in GET /_schema/opportunity. The suite must find it there and send a date on every
 * opportunity it creates, never fail a check over it.
 */
export default requiredCreateField({
  id: 'opportunity-required-close-date',
  description:
    'The workspace requires a close date on opportunity create (anticipated_closing_at), and says so in GET /_schema/opportunity (is_required_on_create).',
  affects: ['opportunity.*', 'http.*', 'error.*'],
  // this one says so in GET /_schema/opportunity, a read the spec does not state, which stated-reads-only
  // does not serve (there the run cannot learn the field and names fixtures `opportunity.createAttributes`)
  conflicts: ['stated-reads-only'],
  profile: { opportunityRequiredAttribute: 'anticipated_closing_at' },
});
