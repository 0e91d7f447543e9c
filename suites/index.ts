import type { CheckModule } from '../lib/check/registry.js';

/**
 * Every suite file, in the order a run loads them (by name). A literal import per file, rather than
 * a directory listing, lets the CLI's bundle (bin/conformance.js) carry the suites; a test checks
 * that this list and the directory agree. Each file registers its checks when it loads.
 */
export const SUITE_FILES: readonly CheckModule[] = [
  { group: 'accounts', load: () => import('./accounts.checks.js') },
  { group: 'ambiguous-match', load: () => import('./ambiguous-match.checks.js') },
  { group: 'authentication', load: () => import('./authentication.checks.js') },
  { group: 'authorization', load: () => import('./authorization.checks.js') },
  { group: 'contact-phone-numbers', load: () => import('./contact-phone-numbers.checks.js') },
  { group: 'contacts', load: () => import('./contacts.checks.js') },
  { group: 'custom-objects', load: () => import('./custom-objects.checks.js') },
  { group: 'discovery', load: () => import('./discovery.checks.js') },
  { group: 'error-codes', load: () => import('./error-codes.checks.js') },
  { group: 'errors', load: () => import('./errors.checks.js') },
  { group: 'generated', load: () => import('./generated.checks.js') },
  { group: 'http-semantics', load: () => import('./http-semantics.checks.js') },
  { group: 'isolation', load: () => import('./isolation.checks.js') },
  { group: 'isolation-keys', load: () => import('./isolation-keys.checks.js') },
  { group: 'media-types', load: () => import('./media-types.checks.js') },
  { group: 'notes-meetings', load: () => import('./notes-meetings.checks.js') },
  { group: 'opportunities', load: () => import('./opportunities.checks.js') },
  { group: 'pagination', load: () => import('./pagination.checks.js') },
  { group: 'read-backs', load: () => import('./read-backs.checks.js') },
  { group: 'records', load: () => import('./records.checks.js') },
  { group: 'relationships', load: () => import('./relationships.checks.js') },
  { group: 'robustness', load: () => import('./robustness.checks.js') },
  { group: 'tasks', load: () => import('./tasks.checks.js') },
  { group: 'unknown-types', load: () => import('./unknown-types.checks.js') },
  { group: 'value-types', load: () => import('./value-types.checks.js') },
  { group: 'versioning', load: () => import('./versioning.checks.js') },
  { group: 'write-forms', load: () => import('./write-forms.checks.js') },
];
