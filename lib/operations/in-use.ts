import type { ApiOperation } from './api-operation.js';
import { OperationIndex } from './operation-index.js';

let inUse: OperationIndex | undefined;

/**
 * Hands the engine the API's operations: useSpec (lib/cli/spec.ts) calls it once, with the spec's
 * operation table, before anything runs (bin/main.ts; test/support/use-spec.ts for a test of engine
 * pieces alone). Like the check registry (lib/check/registry.ts), it lets lib/ derive everything per
 * operation without importing the spec's knowledge.
 */
export function useOperations(operations: readonly ApiOperation[]): OperationIndex {
  inUse = new OperationIndex(operations);
  return inUse;
}

/** The operations handed in; throws when none were (a composition root that forgot them). */
export function operationsInUse(): OperationIndex {
  if (inUse === undefined)
    throw new Error("no operations handed in: the composition root calls useSpec(…) with the spec's first");
  return inUse;
}
