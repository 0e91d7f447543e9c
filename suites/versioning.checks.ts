import { check, group } from '../lib/check/check.js';
import { show } from '../lib/check/show.js';

// "The API version is `v2`, carried in the base path `/api/v2/public`." What a client can see is the
// base URL the server answers under: every other check sends its stated routes below it, so a base
// URL ending in the version segment, with those routes answering, is the API served where the spec
// puts it. Not visible from outside: which internal routes exist under the same prefix (none are
// named), and what other versions do ("not shown").

const VERSION_PATH = '/api/v2/public';

group('Versioning', () => {
  check(
    'versioning.base-path',
    `the base URL the server answers under ends in ${VERSION_PATH}`,
    async (c) => {
      const path = new URL(c.target.baseUrl).pathname.replace(/\/+$/, '');
      // one stated route answering under the base: the base is where the API is served
      const ex = await c.api.get('/_schema/contact');
      c.setup(ex, 'GET /_schema/contact');
      if (!path.endsWith(VERSION_PATH))
        c.expect(ex).fail(
          `stated routes served under a base path ending in ${VERSION_PATH}`,
          `served under ${show(path || '/')}`,
        );
      c.observe(
        'versioning',
        'internal routes under the version prefix are not named by the spec, and other versions are not shown: neither is checked',
      );
    },
    { endpoint: '*' },
  );
});
