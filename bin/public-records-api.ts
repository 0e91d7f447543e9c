import type { Spec } from '../lib/cli/spec.js';
import { SUITE_FILES } from '../suites/index.js';
import { OPERATIONS } from '../suites/spec/operations.js';
import { apiOperationsOf } from '../suites/spec/api-operations.js';
import { CATALOGUE } from '../suites/spec/rules/index.js';
import { JUDGES } from '../suites/spec/judges.js';
import { openApiDocument } from '../suites/spec/openapi.js';
import { checkFixtures } from '../suites/preflight/fixtures-check.js';
import { auditKeptRecords } from '../suites/preflight/kept-audit.js';
import { givenUpWarnings } from '../suites/preflight/given-up.js';
import { initCommand } from '../suites/init/command.js';
import { FIXTURES_FILE } from '../fixtures/index.js';
import { startReferenceServer } from '../reference/index.js';
import { VARIATIONS } from '../reference/variations/registry.js';

const operations = apiOperationsOf(OPERATIONS);

/**
 * The Public Records API v2, as the engine is told it: the checks and what they rest on (suites/), the
 * fixtures file (fixtures/) and the embedded reference server (reference/).
 */
export const PUBLIC_RECORDS_API: Spec = {
  title: 'Public Records API v2',
  suites: SUITE_FILES,
  operations,
  catalogue: CATALOGUE,
  judges: JUDGES,
  fixtures: FIXTURES_FILE,
  fixturesCheck: checkFixtures,
  auditKeptRecords,
  givenUpWarnings,
  init: initCommand,
  openApiDocument: (suiteVersion) => openApiDocument(suiteVersion, operations),
  reference: { start: startReferenceServer, variations: VARIATIONS },
};
