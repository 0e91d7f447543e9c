/**
 * The command that runs one rule's checks again with the same generated data: faker and fast-check
 * are seeded from the run's seed and the check's name, so `--seed` repeats every value the check
 * sent. The target options (base URL, fixtures, keys) are the user's own and are not repeated here.
 */
export function rerunCommand(rule: string, seed: number): string {
  return `npx conformance --only ${rule} --seed ${seed}`;
}

/** The words every report puts after the rerun command. */
export const RERUN_NOTE = 'with the same base URL, fixtures and keys';
