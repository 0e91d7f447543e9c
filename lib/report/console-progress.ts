import type { LiveLine } from './console.js';
import type { CheckDefinition } from '../check/registry.js';
import type { CheckRun } from '../runner/check-run.js';
import type { RunEvents } from '../runner/run-checks.js';

/**
 * The console while checks run, and nothing else: a progress line per endpoint group (suite file) as
 * its last check ends or, on a terminal, a live progress line ("12/401 checks…") redrawn in place.
 * What the run accumulates is the RunRecord's (lib/runner/run-record.ts), not this printer's.
 */
export class ConsoleProgress implements RunEvents {
  private done = 0;
  private total = 0;
  private groupsDone = 0;
  private groups = 0;

  constructor(
    private readonly print: (line: string) => void,
    private readonly live?: LiveLine,
    /** the live line's tail: a rate-limited run's requests sent and time left (lib/cli/pace-console.ts) */
    private readonly suffix?: () => string,
  ) {}

  start(total: number, groups = 0): void {
    this.total = total;
    this.groups = groups;
    this.live?.update(`0/${total} checks…`);
  }

  onCheck(_run: CheckRun, def: CheckDefinition): void {
    this.done += 1;
    this.live?.update(`${def.group}… (${this.done}/${this.total} checks)${this.suffix?.() ?? ''}`);
  }

  /**
   * An endpoint group ended: a progress line where no live line is drawn (CI, a pipe). Its counts come
   * at the end (printOutcome), when the findings its rules met on the way are known too.
   */
  onGroup(group: string, runs: readonly CheckRun[]): void {
    this.groupsDone += 1;
    this.live?.clear();
    if (!this.live)
      this.print(
        `· ${group}: ${runs.length} check${runs.length === 1 ? '' : 's'} ended (${this.groupsDone}/${this.groups} endpoint groups)`,
      );
  }

  /** The checks are over: the live line goes before the outcome is printed. */
  finish(): void {
    this.live?.clear();
  }
}
