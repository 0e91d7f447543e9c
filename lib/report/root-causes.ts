import type { CheckResult } from '../check/result.js';
import { causeKey } from '../check/cause-key.js';
import type { Level } from '../rules/rule.js';

/** One cause: a rule broken at one operation in one way, with everything it took down. */
export interface RootCause {
  rule: string;
  level: Level;
  operation: string;
  expected: string;
  actual: string;
  /** exchanges and checks it was seen in (the failed check itself, or the checks that met it on the way) */
  exchanges: number;
  checks: number;
  /** checks that could not judge their own rule because of it */
  blocked: number;
  /** a deviation of a check's baseline entry: known, not new */
  baselined?: boolean;
}

/**
 * The root-cause view every report leads with: rule broken × operation × problem → occurrences,
 * MUST before SHOULD, most checks first. Built from the checks alone, so merged shards get it too.
 */
export function rootCauses(checks: readonly CheckResult[]): RootCause[] {
  const m = new Map<string, RootCause>();
  for (const c of checks) {
    if (c.status !== 'failed') continue;
    const actual = c.actual ?? c.message;
    const key = causeKey(c.id, c.endpoint, actual);
    const cause = m.get(key) ?? {
      rule: c.id,
      level: c.level,
      operation: c.endpoint,
      expected: c.expected ?? '',
      actual,
      exchanges: 0,
      checks: 0,
      blocked: 0,
      ...(c.baselined ? { baselined: true } : {}),
    };
    cause.exchanges += c.finding?.exchanges ?? 1;
    cause.checks += c.finding?.checks.length ?? 1;
    m.set(key, cause);
  }
  const causes = [...m.values()];
  for (const c of checks) {
    if (c.status !== 'blocked' || c.blockedBy?.rule === undefined) continue;
    const cause = causes.find((x) => x.rule === c.blockedBy?.rule && x.operation === c.blockedBy.step);
    if (cause) cause.blocked += 1;
  }
  return causes.sort((a, b) =>
    a.level === b.level ? b.checks + b.blocked - (a.checks + a.blocked) : a.level === 'MUST' ? -1 : 1,
  );
}

/** One line for a cause: `[MUST] record.envelope · POST /contact · 1 check failed, 83 blocked: …`. */
export function causeLine(c: RootCause, maxActual = 160): string {
  const took = [
    `${c.checks} check${c.checks === 1 ? '' : 's'} failed`,
    ...(c.blocked > 0 ? [`${c.blocked} blocked`] : []),
  ].join(', ');
  const actual = c.actual.length > maxActual ? `${c.actual.slice(0, maxActual)}…` : c.actual;
  return `[${c.level}] ${c.rule} · ${c.operation} · ${took}${c.baselined ? ' (known)' : ''}: ${actual}`;
}
