import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'transcript-format-other',
  description: "The transcript link's `format` is `text/plain`, not `vtt`.",
  quote: '`{ data: { url: string, expires_at: timestamp, format: string } }`',
  affects: ['meeting.*'],
  apply: withProfile({ transcriptFormat: 'text/plain' }),
});
