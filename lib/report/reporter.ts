import path from 'node:path';
import type { Reporter, TestModule, TestRunEndReason, SerializedError } from 'vitest/node';
import type { Redactor } from '../evidence/redact.js';
import { checkResultOf } from './collect.js';
import type { Traffic } from '../check/meta.js';
import type { CheckResult } from './check-result.js';

/**
 * The vitest reporter of a conformance run: it turns every check's metadata into a CheckResult
 * and prints one line per suite file (an endpoint group or error family) as each one ends.
 * The CLI reads `results` afterwards to write the report and choose the exit status.
 */
export class ConformanceReporter implements Reporter {
  readonly results: CheckResult[] = [];
  readonly runnerErrors: string[] = [];
  readonly traffic: Traffic[] = [];

  constructor(private readonly redactor: Redactor, private readonly print: (line: string) => void) {}

  onTestModuleEnd(mod: TestModule): void {
    const own: CheckResult[] = [];
    for (const tc of mod.children.allTests()) {
      const r = checkResultOf(tc, this.redactor);
      if (r) own.push(r);
      this.traffic.push(...(tc.meta().conformance?.traffic ?? []));
    }
    this.results.push(...own);
    const group = path.basename(mod.moduleId).replace(/\.test\.ts$/, '');
    const n = (s: CheckResult['status']) => own.filter((r) => r.status === s).length;
    const failed = n('failed');
    const mark = failed > 0 ? '✗' : '✓';
    this.print(`${mark} ${group.padEnd(22)} ${n('passed')} passed, ${failed} failed, ${n('skipped')} skipped`);
    for (const e of mod.errors()) this.runnerErrors.push(this.redactor.text(`${group}: ${e.message}`));
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>, _reason: TestRunEndReason): void {
    for (const e of errors) this.runnerErrors.push(this.redactor.text(e.message));
  }
}
