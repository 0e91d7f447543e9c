import type { OperationIndex } from '../operations/operation-index.js';

/**
 * What a write would do if the server took it, in words: `create a contact`, `archive a task`. Used
 * where a request is not sent (--read-only, a kept record) to say what it would have risked. A stated
 * operation's words are its row's (suites/spec/operations.ts); a route the spec does not state can
 * only be said to change data.
 */
export function worstOutcome(method: string, path: string, operations: OperationIndex): string {
  const stated = operations.match(method, path, true)?.operation;
  return stated?.wronglyAccepted ?? (method.toUpperCase() === 'DELETE' ? 'remove a record' : 'change data');
}
