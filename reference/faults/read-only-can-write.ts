import { defineFault } from './define.js';

/** The read-only key writes like the full key. */
export default defineFault({
  id: 'read-only-can-write',
  breaks: ['auth.forbidden-403'],
  description: 'the read-only API key can write: its POST, PATCH and DELETE requests succeed',
  apply(state) {
    for (const user of state.principals.values()) user.readOnly = false;
  },
});
