import path from 'node:path';
import type { Reporter, TestCase, TestModule, TestRunEndReason, SerializedError } from 'vitest/node';
import type { Redactor } from '../evidence/redact.js';
import { checkResultOf } from './collect.js';
import type { Traffic } from '../check/meta.js';
import type { CheckResult } from './check-result.js';
import type { LiveLine } from './console.js';
import { groupMark } from './groups.js';

/** The endpoint group of a suite file: its name without `.test.ts` (`contacts`, `errors`, …). */
export function groupOf(moduleId: string): string {
  return path.basename(moduleId).replace(/\.test\.ts$/, '');
}

/**
 * The vitest reporter of a conformance run: it turns every check's metadata into a CheckResult
 * and prints one line per suite file (an endpoint group or error family) as each one ends.
 * On a terminal it also keeps a live progress line ("contacts 12/22…") updated in place.
 * The CLI reads `results` afterwards to write the report and choose the exit status.
 */
export class ConformanceReporter implements Reporter {
  readonly results: CheckResult[] = [];
  readonly runnerErrors: string[] = [];
  readonly traffic: Traffic[] = [];
  /** requests the checks sent that got no answer (they leave no traffic) */
  unanswered = 0;
  private readonly progress = new Map<string, { done: number; total: number }>();

  constructor(private readonly redactor: Redactor, private readonly print: (line: string) => void, private readonly live?: LiveLine) {}

  onTestModuleCollected(mod: TestModule): void {
    if (!this.live) return;
    this.progress.set(groupOf(mod.moduleId), { done: 0, total: [...mod.children.allTests()].length });
    this.showProgress(groupOf(mod.moduleId));
  }

  onTestCaseResult(tc: TestCase): void {
    if (!this.live) return;
    const group = groupOf(tc.module.moduleId);
    const p = this.progress.get(group);
    if (p) p.done += 1;
    this.showProgress(group);
  }

  private showProgress(group: string): void {
    if (!this.live) return;
    const p = this.progress.get(group);
    const done = [...this.progress.values()].reduce((n, e) => n + e.done, 0);
    const total = [...this.progress.values()].reduce((n, e) => n + e.total, 0);
    this.live.update(`${group} ${p?.done ?? 0}/${p?.total ?? 0}… (${done}/${total} checks)`);
  }

  onTestModuleEnd(mod: TestModule): void {
    const group = groupOf(mod.moduleId);
    const own: CheckResult[] = [];
    for (const tc of mod.children.allTests()) {
      const r = checkResultOf(tc, group, this.redactor);
      if (r) own.push(r);
      this.traffic.push(...(tc.meta().conformance?.traffic ?? []));
      this.unanswered += tc.meta().conformance?.unanswered ?? 0;
    }
    this.results.push(...own);
    this.progress.delete(group);
    for (const e of mod.errors()) this.runnerErrors.push(this.redactor.text(`${group}: ${e.message}`));
    // a group the selection left empty has nothing to say
    if (own.length === 0) return;
    const n = (s: CheckResult['status']) => own.filter((r) => r.status === s).length;
    const counts = { passed: n('passed'), failed: n('failed'), blocked: n('blocked') };
    this.live?.clear();
    this.print(`${groupMark(counts)} ${group.padEnd(22)} ${counts.passed} passed, ${counts.failed} failed, ${n('skipped')} skipped${counts.blocked > 0 ? `, ${counts.blocked} blocked` : ''}`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>, _reason: TestRunEndReason): void {
    this.live?.clear();
    for (const e of errors) this.runnerErrors.push(this.redactor.text(e.message));
  }
}
