import { defineVariation } from './define.js';
import { withProfile } from './kit.js';

export default defineVariation({
  id: 'content-type-charset',
  description: 'Every response, errors included, is labelled `application/json; charset=utf-8`.',
  quote: 'All requests and responses use `application/json`.',
  affects: ['media.*', 'error.*'],
  apply: withProfile({ contentType: 'application/json; charset=utf-8' }),
});
