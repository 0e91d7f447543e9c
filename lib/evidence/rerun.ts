import { checkKey } from '../catalogue/check-key.js';

/**
 * Checks a rerun runs beside the one it reruns at most, and senders a violation names at most
 * (`Violation.shownBy`, lib/check/shown-by.ts): every check whose request got an answer showing it is
 * one more check to run, and a report stays bounded whatever the server answers.
 */
export const SHOWN_BY_MAX = 5;

/**
 * The command that runs one check again, exactly that one (`--only` with its check key, never the
 * rule's other checks; beside it only the checks whose answers showed its failure, `shownBy`, at most
 * SHOWN_BY_MAX; a check named by its rule alone, no title: the rule's checks), with
 * the same generated data: faker and fast-check are seeded from the run's seed and the check's name,
 * so `--seed` repeats every value the check sent. `target` holds the
 * flags that reach the same server (base URL, fixtures file, the keys as the variables the suite
 * reads them from, the embedded server's faults), already quoted for a POSIX shell; the report goes
 * to a folder of its own, so a rerun never overwrites the run's report.
 */
export function rerunCommand(
  check: { rule: string; title?: string },
  seed: number,
  target: RerunTarget = { args: '', reportDir: 'conformance-report' },
  shownBy: ReadonlyArray<{ rule: string; title: string }> = [],
): string {
  const key = check.title === undefined ? check.rule : checkKey(check.rule, check.title);
  // a finding judged on another check's answer (the run's observer): that check asks again beside it
  const keys = [...new Set([key, ...shownBy.map((s) => checkKey(s.rule, s.title))])].slice(0, 1 + SHOWN_BY_MAX);
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
