import { unstated } from '../../lib/check/finding.js';
import type { CheckContext } from '../../lib/check/context.js';
import type { Exchange } from '../../lib/http/exchange.js';
import { tagged } from '../../fixtures/builders/tag.js';
import type { AnyTable } from '../spec/operation-row.js';
import { namesNothing, probeBody, probes } from './probes.js';
import { unservedPaths } from './unserved-path.js';

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
  /**
   * an error answer of its own, for a run that sent the operation nothing (`--only`, a rerun): the
   * operation without a credential on ids that name nothing (401), or a path no route serves
   */
  provoke(c: CheckContext): Promise<Exchange>;
}

/** Every operation of the table, in its order, then the routes it does not state. */
export function errorAnswerTargets(table: AnyTable): ErrorAnswerTarget[] {
  const unserved = unservedPaths(table);
  return [
    ...probes(table).map((op) => ({
      endpoint: op.endpoint,
      operations: [op.endpoint],
      provoke: (c: CheckContext) =>
        c.api.send(op.method, op.path, {
          auth: 'none',
          json: probeBody(op, tagged('Probe', c.runId)),
          // its ids name nothing: --read-only sends it (a create, which would make a record, it does not)
          ...(namesNothing(op) ? { harmless: 'its ids name nothing' } : {}),
        }),
    })),
    {
      endpoint: UNSTATED_ROUTES,
      operations: METHODS.map(unstated),
      provoke: (c: CheckContext) => c.api.get(unserved(c.faker.string.alphanumeric(6).toLowerCase())),
    },
  ];
}
