import type { ApiOperation } from './api-operation.js';
import { OperationIndex } from './operation-index.js';
import { handedIn } from '../util/handed-in.js';

const inUse = handedIn<OperationIndex>('operations');

/**
 * Hands the engine the API's operations: useSpec (lib/cli/spec.ts) calls it once, with the spec's
 * operation table, before anything runs (bin/main.ts; test/support/use-spec.ts for a test of engine
 * pieces alone). Like the check registry (lib/check/registry.ts), it lets lib/ derive everything per
 * operation without importing the spec's knowledge.
 */
export function useOperations(operations: readonly ApiOperation[]): OperationIndex {
  const index = new OperationIndex(operations);
  inUse.use(index);
  return index;
}

/** The operations handed in. */
export const operationsInUse = (): OperationIndex => inUse.get();
