import { defineFault } from './define.js';
import { flag } from './kit.js';

/** The read-only key is refused POST and PATCH, but its DELETEs go through (hook in server.ts). */
export default defineFault({
  id: 'read-only-can-delete',
  breaks: ['auth.forbidden-403'],
  description: 'the read-only API key is refused POST and PATCH but may DELETE (archive tasks, accounts, edges)',
  apply: flag('read-only-can-delete'),
});
