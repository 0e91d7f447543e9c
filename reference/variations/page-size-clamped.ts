import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'page-size-clamped',
  description: 'A page_size above the maximum is served at the maximum instead of refused.',
  quote: 'Maximum page_size: not shown.',
  affects: ['pagination.*', 'relationship.*'],
  apply: withProfile({ clampPageSize: true }),
});
