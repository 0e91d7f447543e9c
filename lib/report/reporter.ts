import type { Traffic } from '../check/outcome.js';
import type { CheckResult } from '../check/result.js';
import type { LiveLine } from './console.js';
import { runChainOf } from '../runner/chain.js';
import type { CheckDefinition } from '../check/registry.js';
import type { CheckRun } from '../runner/check-run.js';
import type { RunEvents } from '../runner/run-checks.js';

/**
 * The console side of a run: a progress line per endpoint group (suite file) as its last check ends
 * or, on a terminal, a live progress line ("12/401 checks…") redrawn in place. The CLI reads `results`,
 * `traffic` and `unanswered` afterwards to write the report and choose the exit status.
 */
export class ConformanceReporter implements RunEvents {
  results: CheckResult[] = [];
  /** the run's longest chain of dependent requests */
  chain = 0;
  readonly traffic: Traffic[] = [];
  /** requests the checks sent that got no answer (they leave no traffic) */
  unanswered = 0;
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

  onCheck(run: CheckRun, def: CheckDefinition): void {
    this.traffic.push(...run.traffic);
    this.unanswered += run.unanswered;
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

  /** The run's results, in the registry's order (files by name, checks as written). */
  finish(runs: readonly CheckRun[], findings: readonly CheckResult[] = []): void {
    this.live?.clear();
    // the causes checks met beyond their own rule, each once under the rule it broke
    this.results = [...runs.map((r) => r.result), ...findings];
    this.chain = runChainOf(runs);
  }
}
