import { defineFault } from './define.js';
import { mapTypedValues } from './kit.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** string-typed values are HTML-escaped on the way out. */
export default defineFault({
  id: 'html-escaped',
  breaks: ['robustness.round-trip'],
  description: 'string-typed values are returned HTML-escaped ("<b>" reads back as "&lt;b&gt;")',
  apply(state) {
    mapTypedValues(state, (tv) => {
      if (tv.value_type === 'string' && typeof tv.value === 'string')
        tv.value = tv.value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
    });
  },
});
