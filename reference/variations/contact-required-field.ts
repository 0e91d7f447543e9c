import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

/**
 * The workspace requires `department` on contact create. GET /_schema/contact says so; the suite
 * must find it there and send a value on every contact it creates, never fail a check over it.
 */
export default defineVariation({
  id: 'contact-required-field',
  description:
    'The workspace requires one more contact create field, department (a string), and says so in GET /_schema/contact.',
  quote:
    "A workspace may configure additional required create fields. Each attribute's `is_required_on_create` is reported by the schema-discovery endpoint.",
  affects: [
    'contact.*',
    'record.*',
    'write.*',
    'value.*',
    'generated.*',
    'relationship.*',
    'auth.*',
    'isolation.*',
    'media.*',
    'robustness.*',
    'opportunity.*',
    'pagination.*',
  ],
  apply: withProfile({ contactRequiredAttribute: 'department' }),
});
