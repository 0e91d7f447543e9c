import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'items-reversed',
  description: 'Multi-valued attributes (phone items, emails, domains, websites, …) are returned newest first.',
  quote: 'silent: "Multi-valued attributes are arrays of such objects." states no order for the items',
  affects: ['contact.*', 'account.*', 'opportunity.*', 'value.*', 'generated.*', 'write.*'],
  apply: withProfile({ orderItems: (items) => [...items].reverse() }),
});
