import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'cursor-other-form',
  description: 'Cursors are `pg_` and eight hex digits, not base64url text.',
  quote: '`cursor` (string or null)',
  affects: ['pagination.*', 'relationship.*'],
  apply: withProfile({
    encodeCursor: (offset) => `pg_${offset.toString(16).padStart(8, '0')}`,
    decodeCursor: (text) => (/^pg_[0-9a-f]{8}$/.test(text) ? parseInt(text.slice(3), 16) : undefined),
  }),
});
