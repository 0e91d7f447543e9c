import type { Spec } from '../lib/cli/spec.js';
import { SUITE_FILES } from '../suites/index.js';
import { STATED_OPERATIONS } from '../suites/spec/api-operations.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { JUDGES } from '../suites/spec/judges.js';
import { FIXTURES_FILE } from '../fixtures/index.js';

/**
 * The Public Records API v2, as the engine is told it: the checks and what they rest on (suites/), the
 * fixtures file (fixtures/) and the embedded reference server (reference/). What only one command or
 * phase needs loads when it is first asked for: a test of engine pieces, or `npx conformance diff`,
 * never loads the reference server or `init`.
 */
export const PUBLIC_RECORDS_API: Spec = {
  title: 'Public Records API v2',
  suites: SUITE_FILES,
  operations: STATED_OPERATIONS,
  catalogue: CATALOGUE,
  judges: JUDGES,
  fixtures: FIXTURES_FILE,
  fixturesCheck: async (...a) => (await import('../suites/preflight/fixtures-check.js')).checkFixtures(...a),
  auditKeptRecords: async (...a) => (await import('../suites/preflight/kept-audit.js')).auditKeptRecords(...a),
  givenUpWarnings: async (...a) => (await import('../suites/preflight/given-up.js')).givenUpWarnings(...a),
  init: async (...a) => (await import('../suites/init/command.js')).initCommand(...a),
  openApiDocument: async (suiteVersion) =>
    (await import('../suites/spec/openapi.js')).openApiDocument(suiteVersion, STATED_OPERATIONS.all),
  reference: {
    start: async (o) => (await import('../reference/index.js')).startReferenceServer(o),
    variations: async () => (await import('../reference/variations/registry.js')).VARIATIONS,
  },
};
