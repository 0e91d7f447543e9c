import { unstated } from '../../lib/check/finding.js';
import { isWrite, type AnyTable } from '../spec/operation-row.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** What the checks of the run's error answers name where no stated route served the request. */
export const UNSTATED_ROUTES = 'the routes no operation of the table states';

/**
 * One place the run's error answers are judged by the error body's rules (suites/errors.checks.ts):
 * an operation of the table, or every route it does not state (a path no route serves, a method a
 * route does not take), as the run's observer names them (lib/check/answer-observer.ts).
 */
export interface ErrorAnswerTarget {
  /** the operation as the spec writes it, or UNSTATED_ROUTES */
  endpoint: string;
  /** the observer's names of the operations it gathers */
  operations: string[];
  /** a write: --read-only sends it nothing */
  write: boolean;
}

/** Every operation of the table, in its order, then the routes it does not state. */
export function errorAnswerTargets(table: AnyTable): ErrorAnswerTarget[] {
  return [
    ...Object.keys(table).map((endpoint) => ({ endpoint, operations: [endpoint], write: isWrite(endpoint) })),
    { endpoint: UNSTATED_ROUTES, operations: METHODS.map(unstated), write: false },
  ];
}
