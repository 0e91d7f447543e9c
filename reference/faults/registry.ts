import type { ServerState } from '../server.js';

/**
 * One named deviation from the spec. `apply` bends the running server, typically by pushing a
 * response mapper or swapping a route handler; `breaks` names the rule ids it must make fail.
 */
export interface Fault {
  id: string;
  breaks: readonly string[];
  apply(state: ServerState): void;
}

export function defineFault(fault: Fault): Fault {
  return fault;
}

/** Every known fault, by id. Issue 4 adds them, one file each under reference/faults/. */
export const FAULTS: readonly Fault[] = [];

export function knownFaultIds(): string[] {
  return FAULTS.map((f) => f.id);
}

/** The faults named in the options; an unknown name is a programming error. */
export function resolveFaults(names: readonly string[]): Fault[] {
  return names.map((name) => {
    const fault = FAULTS.find((f) => f.id === name);
    if (!fault) {
      const known = knownFaultIds();
      throw new Error(`Unknown fault "${name}". Known faults: ${known.length > 0 ? known.join(', ') : '(none yet)'}`);
    }
    return fault;
  });
}
