import { defineFault } from './define.js';
import { flag } from './kit.js';

/** Every upsert creates a new record (hook in routes/custom-objects.ts). */
export default defineFault({
  id: 'upsert-duplicates',
  breaks: ['custom-object.upsert.updates-match'],
  description: 'an upsert never matches: a second upsert with the same match value creates another record',
  apply: flag('upsert-duplicates'),
});
