import { checkKey } from '../catalogue/check-key.js';

/**
 * The command that runs one check again, exactly that one (`--only` with its check key, never the
 * rule's other checks; beside it only the checks whose answers showed its failure, `shownBy`), with
 * the same generated data: faker and fast-check are seeded from the run's seed and the check's name,
 * so `--seed` repeats every value the check sent. `target` holds the
 * flags that reach the same server (base URL, fixtures file, the keys as the variables the suite
 * reads them from, the embedded server's faults), already quoted for a POSIX shell; the report goes
 * to a folder of its own, so a rerun never overwrites the run's report.
 */
export function rerunCommand(
  check: { rule: string; title: string },
  seed: number,
  target: RerunTarget = { args: '', reportDir: 'conformance-report' },
  shownBy: ReadonlyArray<{ rule: string; title: string }> = [],
): string {
  const key = checkKey(check.rule, check.title);
  // a finding judged on another check's answer (the run's observer): that check asks again beside it
  const keys = [...new Set([key, ...shownBy.map((s) => checkKey(s.rule, s.title))])];
  const dir = `${target.reportDir.replace(/\/+$/, '')}/rerun-${key.replace(/[^a-z0-9.-]/gi, '_')}`;
  return [
    'npx conformance',
    target.args,
    `--only ${keys.join(',')} --seed ${seed}`,
    `--report-dir ${quoteIfNeeded(dir)}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The checks whose answers showed `violations` to the check that judged them (`Violation.shownBy`). */
export function shownBy(violations: ReadonlyArray<{ shownBy?: { rule: string; title: string } }>) {
  return violations.flatMap((v) => (v.shownBy ? [v.shownBy] : []));
}

/** What a rerun needs to reach the same server and write beside the run's report. */
export interface RerunTarget {
  /** shell-ready flags: `--base-url '…' --fixtures '…' --api-key "$CONFORMANCE_API_KEY"` */
  args: string;
  /** the run's report folder, as the user would type it (relative to where they ran it) */
  reportDir: string;
}

/** The words every report puts after the rerun command. */
export const RERUN_NOTE = 'in the folder the run was started from, with the key variables set';

export function quoteIfNeeded(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
