import { ALL_FAULTS } from './all.js';
import type { Fault } from './define.js';

export { defineFault, type Fault } from './define.js';

/** Every known fault, one file each under reference/faults/, listed in all.ts. */
export const FAULTS: readonly Fault[] = ALL_FAULTS;

export function knownFaultIds(): string[] {
  return FAULTS.map((f) => f.id);
}

export function faultById(id: string): Fault | undefined {
  return FAULTS.find((f) => f.id === id);
}

/** The faults named in the options; an unknown name is a programming error. */
export function resolveFaults(names: readonly string[]): Fault[] {
  return names.map((name) => {
    const fault = faultById(name);
    if (!fault) {
      const known = knownFaultIds();
      throw new Error(`Unknown fault "${name}". Known faults: ${known.length > 0 ? known.join(', ') : '(none yet)'}`);
    }
    return fault;
  });
}
