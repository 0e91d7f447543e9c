import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'delete-204',
  description: 'Every DELETE (archive, domain removal, edge removal) answers 204 with no body.',
  quote: 'Response bodies of the DELETE operations: not shown.',
  affects: ['account.*', 'task.*', 'custom-object.*', 'opportunity.*', 'http.*', 'generated.*'],
  conflicts: ['delete-body-other'],
  apply: withProfile({ deleteStatus: 204 }),
});
