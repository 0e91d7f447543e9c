import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

/** The same instant written in UTC+05:30, as a server in that zone might. */
function withOffset(ms: number): string {
  const shifted = new Date(ms + 330 * 60_000).toISOString();
  return `${shifted.slice(0, -1)}+05:30`;
}

export default defineVariation({
  id: 'timestamps-other-offset',
  description: 'Timestamps are written with the offset +05:30 (the same instants, in another zone).',
  quote: '| created_at | string, ISO 8601 timestamp | |',
  affects: ['record.*', 'value.*', 'task.*', 'meeting.*', 'generated.*', 'custom-object.*'],
  conflicts: ['timestamps-comma-fraction', 'timestamps-microseconds'],
  apply: withProfile({ formatTimestamp: withOffset }),
});
