import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'max-page-size-50',
  description: 'The largest page_size is the default, 50; 51 and above are refused with limit_out_of_range.',
  quote: 'Maximum page_size: not shown.',
  affects: ['pagination.*', 'relationship.*'],
  apply: withProfile({ maxPageSize: 50 }),
});
