import type { CheckResult, CheckStatus } from '../check/result.js';
import type { BlockedBy } from '../check/outcome.js';

export interface GroupCounts {
  group: string;
  passed: number;
  failed: number;
  skipped: number;
  blocked: number;
  notApplicable: number;
  total: number;
}

/**
 * A group's mark: ✗ a check failed · ! a check was blocked · – nothing passed (all skipped) · ✓.
 * A group whose checks were all skipped or blocked never gets the pass mark.
 */
export function groupMark(g: Pick<GroupCounts, 'passed' | 'failed' | 'blocked'>): '✗' | '!' | '–' | '✓' {
  if (g.failed > 0) return '✗';
  if (g.blocked > 0) return '!';
  if (g.passed === 0) return '–';
  return '✓';
}

/** Checks by endpoint group (suite file), groups sorted by name. */
export function byGroup(checks: readonly CheckResult[]): Array<{ group: string; checks: CheckResult[] }> {
  const m = new Map<string, CheckResult[]>();
  for (const c of checks) {
    const list = m.get(c.group) ?? [];
    list.push(c);
    m.set(c.group, list);
  }
  return [...m].sort(([a], [b]) => a.localeCompare(b)).map(([group, list]) => ({ group, checks: list }));
}

export function groupCounts(checks: readonly CheckResult[]): GroupCounts[] {
  return byGroup(checks).map(({ group, checks: list }) => {
    const n = (s: CheckStatus) => list.filter((c) => c.status === s).length;
    return {
      group,
      passed: n('passed'),
      failed: n('failed'),
      skipped: n('skipped'),
      blocked: n('blocked'),
      notApplicable: n('not applicable'),
      total: list.length,
    };
  });
}

/** Failed checks, MUST before SHOULD, then by id: the order every report lists deviations in. */
export function deviations(checks: readonly CheckResult[]): CheckResult[] {
  return checks
    .filter((c) => c.status === 'failed')
    .sort((a, b) =>
      a.level === b.level ? a.id.localeCompare(b.id) || a.title.localeCompare(b.title) : a.level === 'MUST' ? -1 : 1,
    );
}

/** "expected X; got Y" of a failed check, or its message when no rule named what it wanted. */
export function expectedVsActual(c: CheckResult): string {
  return c.expected !== undefined ? `expected ${c.expected}; got ${c.actual ?? '?'}` : c.message;
}

/** Checks whose rule the server's legal choices leave nothing to judge, MUST first, each with the answers' proof. */
export function notApplicableChecks(checks: readonly CheckResult[]): CheckResult[] {
  return checks
    .filter((c) => c.status === 'not applicable')
    .sort((a, b) => (a.level === b.level ? a.id.localeCompare(b.id) : a.level === 'MUST' ? -1 : 1));
}

/** The heading words every report gives the not applicable checks. */
export const NOT_APPLICABLE_TITLE = "Not applicable (the server's legal choices leave these rules nothing to judge)";

/** One set-up step that blocked checks: one cause, reported once, with the checks it kept from running. */
export interface Blocker extends BlockedBy {
  checks: Array<Pick<CheckResult, 'id' | 'level' | 'title' | 'group'>>;
}

/** Blocked checks grouped by the step that blocked them (step, answer, fixture), the largest group first. */
export function blockers(checks: readonly CheckResult[]): Blocker[] {
  const m = new Map<string, Blocker>();
  for (const c of checks) {
    if (c.status !== 'blocked') continue;
    const by: BlockedBy = c.blockedBy ?? { step: 'a set-up step', answer: c.message };
    const key = JSON.stringify([by.step, by.answer, by.fixture ?? null]);
    const b = m.get(key) ?? { ...by, checks: [] };
    b.checks.push({ id: c.id, level: c.level, title: c.title, group: c.group });
    m.set(key, b);
  }
  return [...m.values()].sort((a, b) => b.checks.length - a.checks.length || a.step.localeCompare(b.step));
}

/** The one line that says what to fix to unblock a step's checks. */
export function unblockLine(b: BlockedBy & { checks: readonly unknown[] }): string {
  const n = `${b.checks.length} check${b.checks.length === 1 ? '' : 's'}`;
  if (b.step === '--max-requests') return `${n} not run: ${b.answer}; raise --max-requests`;
  // the run stopped (interrupted, or the server stopped cooperating): one line for all it kept from running
  if (b.step === 'the run') return `${n} not run: ${b.answer}`;
  return `${n} blocked by ${b.step}, which answered ${b.answer}${b.fixture ? ` (fixtures \`${b.fixture}\`)` : ''}: fix that step's answer${b.fixture ? `, or correct \`${b.fixture}\`` : ''}, to run them`;
}
