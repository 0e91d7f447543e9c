import { RunCannotStart } from '../../config/run-cannot-start.js';
import { loadChecks, SuiteLoadError, type CheckDefinition } from '../../check/registry.js';
import type { Spec } from '../spec.js';
import type { Redactor } from '../../redact/redact.js';

/**
 * Phase 4, load: the suite files register their checks; a file that fails to load is the suite's bug
 * (exit 2).
 */
export async function loadSuite(
  spec: Pick<Spec, 'suites' | 'catalogue'>,
  redactor: Redactor,
): Promise<readonly CheckDefinition[]> {
  try {
    return await loadChecks(spec.suites, spec.catalogue);
  } catch (err) {
    if (err instanceof SuiteLoadError)
      throw new RunCannotStart(
        `the suite itself failed to load (a bug in the suite, not the server): ${redactor.text(err.message)}`,
      );
    throw err;
  }
}
