/**
 * Every suite file, in the order a run loads them (by name). A literal import per file, rather than
 * a directory listing, lets the CLI's bundle (bin/conformance.js) carry the suites; a test checks
 * that this list and the directory agree. Each file registers its checks when it loads.
 */
export const SUITE_FILES: ReadonlyArray<{ group: string; load: () => Promise<unknown> }> = [
  { group: 'accounts', load: () => import('./accounts.test.js') },
  { group: 'authentication', load: () => import('./authentication.test.js') },
  { group: 'authorization', load: () => import('./authorization.test.js') },
  { group: 'contact-phone-numbers', load: () => import('./contact-phone-numbers.test.js') },
  { group: 'contacts', load: () => import('./contacts.test.js') },
  { group: 'custom-objects', load: () => import('./custom-objects.test.js') },
  { group: 'discovery', load: () => import('./discovery.test.js') },
  { group: 'error-codes', load: () => import('./error-codes.test.js') },
  { group: 'errors', load: () => import('./errors.test.js') },
  { group: 'generated', load: () => import('./generated.test.js') },
  { group: 'http-semantics', load: () => import('./http-semantics.test.js') },
  { group: 'isolation', load: () => import('./isolation.test.js') },
  { group: 'media-types', load: () => import('./media-types.test.js') },
  { group: 'notes-meetings', load: () => import('./notes-meetings.test.js') },
  { group: 'opportunities', load: () => import('./opportunities.test.js') },
  { group: 'pagination', load: () => import('./pagination.test.js') },
  { group: 'records', load: () => import('./records.test.js') },
  { group: 'relationships', load: () => import('./relationships.test.js') },
  { group: 'robustness', load: () => import('./robustness.test.js') },
  { group: 'tasks', load: () => import('./tasks.test.js') },
  { group: 'value-types', load: () => import('./value-types.test.js') },
  { group: 'versioning', load: () => import('./versioning.test.js') },
  { group: 'write-forms', load: () => import('./write-forms.test.js') },
];
