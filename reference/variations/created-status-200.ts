import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'created-status-200',
  description:
    'Creating POSTs other than contact create (account, opportunity, a new edge, an upsert that creates) answer 200.',
  quote: 'Success status codes of every operation except contact create (201): not shown.',
  affects: ['account.*', 'opportunity.*', 'relationship.*', 'custom-object.*', 'generated.*'],
  apply: withProfile({ createdStatus: 200 }),
});
