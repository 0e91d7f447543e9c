import type { Served } from '../target/target.js';
import type { RunTarget } from '../check/run-target.js';
import type { Exchange } from '../http/exchange.js';
import { noAnswerText, TransportFailure } from '../http/exchange.js';
import { answerOf } from '../check/context.js';
import { operationOf, type Finding } from '../check/finding.js';
import type { BlockedBy, SkipNeed, Violation } from '../check/outcome.js';
import { NonConformance, SetupFailure } from '../check/non-conformance.js';
import type { CheckResult } from '../check/result.js';
import type { CheckDefinition } from '../check/registry.js';
import { CheckSkipped } from './check-skipped.js';
import { CheckNotApplicable } from '../check/not-applicable.js';

/** How a check's body ended, in its result's terms. */
export interface Outcome {
  status: CheckResult['status'];
  message: string;
  violations: Violation[];
  blocked?: BlockedBy;
  /** what the check sent up to its verdict, not the archive requests of its cleanups */
  evidence: Exchange[];
  failedAt?: number;
  example?: CheckResult['example'];
  needs?: SkipNeed;
}

export const passed = (): Outcome => ({ status: 'passed', message: '', violations: [], evidence: [] });

/**
 * What a check's throw means: a skip carries its reason; a broken expectation of its own rule fails
 * it; another rule's (a finding, filed under that rule), a failed set-up step, a create refused for a
 * field the user's workspace requires, or a request that got no answer blocks it.
 */
export function outcomeOf(
  err: unknown,
  def: CheckDefinition,
  exchanges: readonly Exchange[],
  findings: Finding[],
  run: RunTarget,
): Outcome {
  if (err instanceof CheckSkipped)
    return { ...passed(), status: 'skipped', message: err.message, ...(err.needs ? { needs: err.needs } : {}) };
  if (err instanceof CheckNotApplicable)
    return { ...passed(), status: 'not applicable', message: err.message, evidence: [...err.proof] };
  const at =
    err instanceof NonConformance || err instanceof SetupFailure || err instanceof TransportFailure
      ? err.exchange
      : undefined;
  // an answer of a run-scoped set-up (c.shared) is no request of the check's own, but it is the evidence
  const evidence = at && !exchanges.includes(at) ? [at, ...exchanges] : [...exchanges];
  const workspace = at ? run.judges.refusedForTheUser(at, run) : undefined;
  const judged =
    workspace && (err instanceof NonConformance || err instanceof SetupFailure)
      ? // refused for a create field the user's workspace requires and the fixtures do not give
        { blocked: workspace, violations: [] }
      : judgedBy(err, def, findings, run);
  const { blocked, violations } = judged;
  const v = violations[0];
  // a set-up or transport failure says it in its own words; a finding's block in the step's
  const own = !workspace && (err instanceof SetupFailure || err instanceof TransportFailure) ? err.message : undefined;
  const message = v
    ? `[${v.rule}] expected ${v.expected}; got ${v.actual}`
    : (own ?? (blocked ? blockedMessage(blocked) : err instanceof Error ? err.message : String(err)));
  return {
    status: blocked ? 'blocked' : 'failed',
    message,
    violations,
    ...(blocked ? { blocked } : {}),
    evidence,
    ...(at ? { failedAt: evidence.lastIndexOf(at) } : {}),
    ...('example' in judged && judged.example ? { example: judged.example } : {}),
  };
}

/** The violation a throw shows, or the step it blocked on. */
function judgedBy(
  err: unknown,
  def: CheckDefinition,
  findings: Finding[],
  server: Served,
): { blocked?: BlockedBy; violations: Violation[]; example?: CheckResult['example'] } {
  if (err instanceof NonConformance && err.violation.rule !== def.rule) {
    // another check's rule, broken where this check needed it: a finding of that rule, and this
    // check could not judge its own (one cause, one finding, under the rule it broke)
    const v = err.violation;
    const where = err.exchange ? operationOf(err.exchange, server) : def.endpoint;
    if (err.exchange) findings.push({ violation: v, operation: where, exchange: err.exchange });
    const answer = `${err.exchange ? answerOf(err.exchange) : 'an answer'} that breaks ${v.rule}: ${v.actual}`;
    return { blocked: { step: where, answer, rule: v.rule }, violations: [] };
  }
  if (err instanceof NonConformance)
    return { violations: [err.violation], ...(err.example ? { example: err.example } : {}) };
  if (err instanceof SetupFailure) return { blocked: err.blockedBy, violations: [] };
  if (err instanceof TransportFailure) return { blocked: transportBlock(err.exchange, server), violations: [] };
  return { violations: [] };
}

/**
 * The client retries a 429 out of sight of the check, so the check's own expectations never meet it;
 * but a 429 is an error response like any other and must carry the error body. A bare one fails the
 * check whose rule it breaks, and is a finding of that rule for any other.
 */
export function withRateLimitAnswers(
  outcome: Outcome,
  def: CheckDefinition,
  exchanges: readonly Exchange[],
  findings: Finding[],
  run: RunTarget,
): Outcome {
  let out = outcome;
  for (const ex of exchanges) {
    if (ex.response?.status !== 429) continue;
    const v = run.judges.errorBody(ex.response)[0];
    if (v === undefined) continue;
    if (v.rule === def.rule && out.status === 'passed') {
      const message = `[${v.rule}] expected ${v.expected}; got ${v.actual}`;
      out = { ...out, status: 'failed', violations: [v], message, evidence: [...exchanges] };
      out.failedAt = out.evidence.indexOf(ex);
    } else findings.push({ violation: v, operation: operationOf(ex, run), exchange: ex });
  }
  return out;
}

function blockedMessage(b: BlockedBy): string {
  return `blocked: ${b.step} answered ${b.answer}${b.fixture ? ` (with fixtures \`${b.fixture}\`)` : ''}`;
}

/** A request that got no answer blocks the check: the step is that request's operation. */
function transportBlock(ex: Exchange, server: Served): BlockedBy {
  return {
    step: operationOf(ex, server),
    answer: noAnswerText(ex),
  };
}
