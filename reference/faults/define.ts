import type { RuleId } from '../../suites/spec/rules/catalogue.js';
import type { ServerState } from '../server.js';

/**
 * One named deviation from the spec. `apply` bends the running server, typically by pushing a
 * response mapper, a request hook or a route wrapper (see kit.ts), or by raising a flag that a
 * handler reads (`state.faults`); `breaks` names the rule ids the suite must find broken.
 * Kept apart from registry.ts so fault files and the registry never import each other.
 */
export interface Fault {
  id: string;
  breaks: readonly RuleId[];
  /** the deviation in one sentence, as a real server would have it */
  description: string;
  apply: (state: ServerState) => void;
}

export function defineFault(fault: Fault): Fault {
  return fault;
}
