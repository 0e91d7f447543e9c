import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'timestamps-microseconds',
  description: 'Timestamps carry six digits of fraction (`2026-11-22T04:22:13.123000Z`).',
  quote: '| created_at | string, ISO 8601 timestamp | |',
  affects: ['record.*', 'value.*', 'task.*', 'meeting.*', 'generated.*', 'custom-object.*'],
  conflicts: ['timestamps-other-offset', 'timestamps-comma-fraction'],
  apply: withProfile({ formatTimestamp: (ms) => new Date(ms).toISOString().replace('Z', '000Z') }),
});
