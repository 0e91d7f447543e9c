import { defineFault } from './define.js';

/** The API is served under /api/public: the version segment is missing from the base path. */
export default defineFault({
  id: 'version-not-in-base-path',
  breaks: ['versioning.base-path'],
  description: 'the API is served under /api/public instead of /api/v2/public',
  apply(state) {
    state.basePath = '/api/public';
  },
});
