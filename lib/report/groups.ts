import type { CheckResult, CheckStatus } from './check-result.js';

export interface GroupCounts {
  group: string;
  passed: number;
  failed: number;
  skipped: number;
  total: number;
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
    return { group, passed: n('passed'), failed: n('failed'), skipped: n('skipped'), total: list.length };
  });
}

/** Failed checks, MUST before SHOULD, then by id: the order every report lists deviations in. */
export function deviations(checks: readonly CheckResult[]): CheckResult[] {
  return checks.filter((c) => c.status === 'failed')
    .sort((a, b) => (a.level === b.level ? a.id.localeCompare(b.id) || a.title.localeCompare(b.title) : a.level === 'MUST' ? -1 : 1));
}

/** "expected X; got Y" of a failed check, or its message when no rule named what it wanted. */
export function expectedVsActual(c: CheckResult): string {
  return c.expected !== undefined ? `expected ${c.expected}; got ${c.actual ?? '?'}` : c.message;
}
