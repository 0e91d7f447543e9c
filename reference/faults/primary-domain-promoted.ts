import { defineFault } from './define.js';

/**
 * A deviation under the strict reading only (account.domain.last-primary-of-several): the same
 * behaviour as the legal variation domain-delete-promotes-next, which the default reading allows.
 */
export default defineFault({
  id: 'primary-domain-promoted',
  breaks: ['account.domain.last-primary-of-several'],
  description: 'deleting the primary domain while other domains remain succeeds and makes the next one primary',
  apply(state) {
    state.variations.add('domain-delete-promotes-next');
  },
});
