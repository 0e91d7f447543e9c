import type { OperationIndex } from '../operations/operation-index.js';

/**
 * The fixtures key whose value a set-up step sends, by the step's operation, so a blocked check can
 * say which of the user's facts was involved ("POST /contact with `contact.stage` answered 422"): the
 * first of its row's fixtures (suites/spec/operations.ts). A step is named by its operation, as the
 * spec writes it, optionally followed by ` (…)`; a step that names none, or whose operation sends no
 * fixture value, has none.
 */
export function fixtureOfStep(step: string, operations: OperationIndex): string | undefined {
  const endpoint = step.replace(/ \(.*\)$/s, '');
  return operations.operation(endpoint)?.fixtures[0];
}
