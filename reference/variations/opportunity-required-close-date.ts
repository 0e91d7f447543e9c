import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

/**
 * The workspace requires a close date on opportunity create (`anticipated_closing_at`, a timestamp),
 * and says so in GET /_schema/opportunity. The suite must find it there and send a date on every
 * opportunity it creates, never fail a check over it.
 */
export default defineVariation({
  id: 'opportunity-required-close-date',
  description:
    'The workspace requires a close date on opportunity create (anticipated_closing_at), and says so in GET /_schema/opportunity (is_required_on_create).',
  quote:
    "A workspace may configure additional required create fields. Each attribute's `is_required_on_create` is reported by the schema-discovery endpoint.",
  affects: [
    'opportunity.*',
    'record.*',
    'write.*',
    'value.*',
    'generated.*',
    'relationship.*',
    'auth.*',
    'isolation.*',
    'media.*',
    'robustness.*',
    'http.*',
    'error.*',
  ],
  // this one says so in GET /_schema/opportunity, a read the spec does not state, which stated-reads-only
  // does not serve (there the run cannot learn the field and names fixtures `opportunity.createAttributes`)
  conflicts: ['stated-reads-only'],
  apply: withProfile({ opportunityRequiredAttribute: 'anticipated_closing_at' }),
});
