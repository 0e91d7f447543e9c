import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'timestamps-comma-fraction',
  description:
    'Timestamps use a comma before the fraction of a second (`2026-11-22T04:22:13,123Z`), as ISO 8601 allows.',
  quote: '| created_at | string, ISO 8601 timestamp | |',
  affects: ['record.*', 'value.*', 'task.*', 'meeting.*', 'generated.*', 'custom-object.*'],
  conflicts: ['timestamps-other-offset', 'timestamps-microseconds'],
  apply: withProfile({ formatTimestamp: (ms) => new Date(ms).toISOString().replace('.', ',') }),
});
