import type { CheckResult } from '../check/result.js';
import { problemOf, resultProblemKey } from '../check/cause-key.js';
import type { Level } from '../catalogue/rule.js';

/**
 * One cause: a rule broken in one way, with every operation it showed at and everything it took
 * down. A server whose framework answers a malformed path id with its own error body at ten
 * operations is one cause with ten operations, not ten.
 */
export interface RootCause {
  rule: string;
  level: Level;
  /** the first operation it showed at (kept for readers of older reports; `operations` has them all) */
  operation: string;
  /** every operation it showed at, in the order first met */
  operations: string[];
  expected: string;
  /** what came back where it first showed (which value, what it was) */
  actual: string;
  /** what is wrong, the same wherever it shows, where the check named it (else `actual` is) */
  problem?: string;
  /** exchanges it was seen in, over every operation */
  exchanges: number;
  /** checks it failed, or checks that met it on the way: each counted once, whatever its operations */
  checks: number;
  /** checks that could not judge their own rule because of it */
  blocked: number;
  /** a deviation of a check's baseline entry: known, not new */
  baselined?: boolean;
  /** the rule rests on one reading of a sentence with two: reported apart, fatal only under --strict */
  reading?: 'strict';
}

/**
 * The root-cause view every report leads with: rule broken × problem → the operations it showed at
 * and its occurrences, MUST before SHOULD, most checks first. Built from the checks alone, so merged
 * shards get it too.
 */
export function rootCauses(checks: readonly CheckResult[]): RootCause[] {
  const m = new Map<string, { cause: RootCause; names: Set<string> }>();
  for (const c of checks) {
    if (c.status !== 'failed') continue;
    const actual = c.actual ?? c.message;
    const problem = problemOf(c);
    const key = resultProblemKey(c);
    const entry = m.get(key) ?? {
      cause: {
        rule: c.id,
        level: c.level,
        operation: c.endpoint,
        operations: [],
        expected: c.expected ?? '',
        actual,
        ...(problem !== actual ? { problem } : {}),
        exchanges: 0,
        checks: 0,
        blocked: 0,
        ...(c.baselined ? { baselined: true } : {}),
        ...(c.reading === 'strict' ? { reading: 'strict' as const } : {}),
      },
      names: new Set<string>(),
    };
    if (!entry.cause.operations.includes(c.endpoint)) entry.cause.operations.push(c.endpoint);
    entry.cause.exchanges += c.finding?.exchanges ?? 1;
    // a check that met the cause at several operations is one check it failed
    for (const name of c.finding?.checks ?? [`${c.id}: ${c.title}`]) entry.names.add(name);
    entry.cause.checks = entry.names.size;
    m.set(key, entry);
  }
  const causes = [...m.values()].map((x) => x.cause);
  for (const c of checks) {
    if (c.status !== 'blocked' || c.blockedBy?.rule === undefined) continue;
    const step = c.blockedBy.step;
    const cause =
      causes.find((x) => x.rule === c.blockedBy?.rule && x.operation === step) ??
      causes.find((x) => x.rule === c.blockedBy?.rule && x.operations.includes(step));
    if (cause) cause.blocked += 1;
  }
  const rank = (x: RootCause) => (x.reading === 'strict' ? 2 : x.level === 'MUST' ? 0 : 1);
  return causes.sort((a, b) => rank(a) - rank(b) || b.checks + b.blocked - (a.checks + a.blocked));
}

/** `POST /contact`, or `3 operations: POST /contact, PATCH /contact/{contact_id}, …` */
export function operationsText(c: Pick<RootCause, 'operation' | 'operations'>, shown = 3): string {
  const ops = c.operations.length > 0 ? c.operations : [c.operation];
  if (ops.length === 1) return ops[0]!;
  const head = ops.slice(0, shown).join(', ');
  return `${ops.length} operations: ${head}${ops.length > shown ? `, … ${ops.length - shown} more` : ''}`;
}

/** One line for a cause: `[MUST] record.envelope · POST /contact · 1 check failed, 83 blocked: …`. */
export function causeLine(c: RootCause, maxActual = 160): string {
  const took = [
    `${c.checks} check${c.checks === 1 ? '' : 's'} failed`,
    ...(c.blocked > 0 ? [`${c.blocked} blocked`] : []),
  ].join(', ');
  const actual = c.actual.length > maxActual ? `${c.actual.slice(0, maxActual)}…` : c.actual;
  const level = c.reading === 'strict' ? `${c.level}, strict reading` : c.level;
  const ops = c.operations.length > 1 ? `${c.operations.length} operations` : operationsText(c);
  return `[${level}] ${c.rule} · ${ops} · ${took}${c.baselined ? ' (known)' : ''}: ${actual}`;
}
