import type { Exchange } from '../http/exchange.js';
import { strictOnly } from '../rules/reading.js';
import { TransportFailure } from '../http/exchange.js';
import type { RequestBudget } from '../http/request-budget.js';
import type { Redactor } from '../redact/redact.js';
import { reportExchange } from '../evidence/truncate.js';
import { keptExchange, trafficOf } from './traffic.js';
import { answerOf, makeContext, RecordKept, type CreatedEntryRef, type RequestSpan } from '../check/context.js';
import { operationOf, type Finding } from '../check/finding.js';
import { workspaceRequiredBlock } from '../check/workspace-required.js';
import { heldRecords } from './record-lock.js';
import { chainOf } from './chain.js';
import type { CheckRun } from './check-run.js';

import type { BlockedBy, Observation, SkipNeed, Violation } from '../check/outcome.js';
import { NonConformance, SetupFailure } from '../check/non-conformance.js';
import { errorBodyViolations } from '../check/error-body.js';
import { RULES } from '../rules/catalogue.js';
import type { CheckResult } from '../check/result.js';
import { curlCommand } from '../evidence/curl.js';
import { rerunCommand } from '../evidence/rerun.js';
import type { RunTarget } from '../check/run-target.js';
import type { CheckDefinition } from '../check/registry.js';

/** What every check of one run shares. */
export interface RunContext {
  target: RunTarget;
  /** the run-scoped set-ups checks share (absent: each check makes its own) */
  setups?: RunSetups;
  budget: RequestBudget;
  redactor: Redactor;
  /** a check still running after this long fails (its requests have their own --timeout) */
  checkTimeoutMs: number;
}

/** A check's result plus what the run totals need: every answered request, and those unanswered. */

import { CheckSkipped } from './check-skipped.js';
import type { RunSetups } from './run-setups.js';

class CheckTimedOut extends Error {
  override name = 'CheckTimedOut';
}

/**
 * Runs one check: its body, then its cleanups (pass or fail), and turns what happened into its
 * result. A broken expectation fails it under the rule the expectation names; a failed set-up step
 * or an unanswered request blocks it; a skip carries its reason. `priority` is the check's place in
 * the run (older checks get a request slot first).
 */
export async function runCheck(def: CheckDefinition, run: RunContext, priority: number): Promise<CheckRun> {
  const started = performance.now();
  const { target } = run;
  const exchanges: Exchange[] = [];
  const spans: RequestSpan[] = [];
  const observations: Observation[] = [];
  const findings: Finding[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];
  // --keep-failing: decided once the body ended (failed, or met another rule's finding), before the cleanups
  let keeping = false;
  let made: { archived: CreatedEntryRef[]; kept: CreatedEntryRef[] } = { archived: [], kept: [] };
  const waited = { ms: 0 };
  // the run's shared set-ups the check asked for: a failing check's evidence may name their records
  const setupsUsed = new Set<string>();
  const c = makeContext({
    rule: def.rule,
    title: def.title,
    target,
    seedName: `${def.rule}:${def.title}`,
    budget: run.budget,
    priority,
    skip: (reason, needs) => {
      throw new CheckSkipped(reason, needs);
    },
    exchanges,
    spans,
    observations,
    findings,
    cleanups,
    waited,
    shared: (key, make) => {
      setupsUsed.add(key);
      return run.setups ? run.setups.shared(key, def.rule, make) : make(c);
    },
    keepRecords: () => keeping,
    records: (r) => {
      made = r;
    },
    ...(run.setups
      ? { setupRecords: { ids: run.setups.recordIds, mine: false, unusable: run.setups.unusableIds } }
      : {}),
  });

  let status: CheckResult['status'] = 'passed';
  let message = '';
  let violations: Violation[] = [];
  let blocked: BlockedBy | undefined;
  // the evidence is what the check sent up to its verdict, not the archive requests of its cleanups
  let evidence: Exchange[] = [];
  let failedAt: number | undefined;
  let example: CheckResult['example'];
  let needs: SkipNeed | undefined;
  try {
    // the time the run stood still (a 429's pause) counts too: a check may wait on a set-up's request
    const pausedBefore = run.budget.pace.waitedMs;
    const notOwn = () => Math.max(waited.ms, run.budget.pace.waitedMs - pausedBefore);
    await withTimeout(def.body(c), run.checkTimeoutMs, notOwn);
  } catch (err) {
    if (err instanceof CheckSkipped) {
      status = 'skipped';
      message = err.message;
      needs = err.needs;
    } else {
      const at =
        err instanceof NonConformance || err instanceof SetupFailure || err instanceof TransportFailure
          ? err.exchange
          : undefined;
      // an answer of a run-scoped set-up (c.shared) is no request of the check's own, but it is the evidence
      evidence = at && !exchanges.includes(at) ? [at, ...exchanges] : [...exchanges];
      failedAt = at ? evidence.lastIndexOf(at) : undefined;
      const workspace = at ? workspaceRequiredBlock(at) : undefined;
      if (workspace && (err instanceof NonConformance || err instanceof SetupFailure)) {
        // refused for a create field the user's workspace requires and the fixtures do not give
        blocked = workspace;
      } else if (err instanceof NonConformance && err.violation.rule !== def.rule) {
        // another check's rule, broken where this check needed it: a finding of that rule, and this
        // check could not judge its own (one cause, one finding, under the rule it broke)
        const v = err.violation;
        const where = err.exchange ? operationOf(err.exchange, target.baseUrl) : def.endpoint;
        if (err.exchange) findings.push({ violation: v, operation: where, exchange: err.exchange });
        blocked = {
          step: where,
          answer: `${err.exchange ? answerOf(err.exchange) : 'an answer'} that breaks ${v.rule}: ${v.actual}`,
          rule: v.rule,
        };
      } else if (err instanceof NonConformance) {
        violations = [err.violation];
        example = err.example;
      } else if (err instanceof SetupFailure) {
        blocked = err.blockedBy;
      } else if (err instanceof TransportFailure) {
        blocked = transportBlock(err.exchange, target.baseUrl);
      }
      status = blocked ? 'blocked' : 'failed';
      const v = violations[0];
      // a set-up or transport failure says it in its own words; a finding's block in the step's
      const own =
        !workspace && (err instanceof SetupFailure || err instanceof TransportFailure) ? err.message : undefined;
      message = v
        ? `[${v.rule}] expected ${v.expected}; got ${v.actual}`
        : (own ?? (blocked ? blockedMessage(blocked) : err instanceof Error ? err.message : String(err)));
    }
  } finally {
    keeping = target.keepFailing === true && (status === 'failed' || findings.length > 0);
    // the set-ups it judged keep their records too: its reproducers name them
    if (keeping) for (const key of setupsUsed) run.setups?.keep(key);
    for (const clean of cleanups.reverse()) {
      try {
        await clean();
      } catch (e) {
        if (!(e instanceof RecordKept)) observations.push({ topic: 'cleanup', text: `cleanup failed: ${String(e)}` });
      }
    }
  }

  for (const ex of bareRateLimitAnswers(exchanges)) {
    const v = errorBodyViolations(ex.response!)[0]!;
    if (v.rule === def.rule && status === 'passed') {
      status = 'failed';
      violations = [v];
      message = `[${v.rule}] expected ${v.expected}; got ${v.actual}`;
      evidence = [...exchanges];
      failedAt = evidence.indexOf(ex);
    } else findings.push({ violation: v, operation: operationOf(ex, target.baseUrl), exchange: ex });
  }
  const rule = RULES[def.rule];
  const first = status === 'failed' ? violations[0] : undefined;
  const result: CheckResult = {
    id: def.rule,
    level: def.level,
    status,
    title: def.title,
    endpoint: def.endpoint,
    message,
    group: def.group,
    section: rule.section,
    quote: rule.quote,
    ...(first ? { expected: first.expected, actual: first.actual } : {}),
    ...(violations.length > 0 ? { violations } : {}),
    ...(status === 'failed' && strictOnly(def.rule, violations) ? { reading: 'strict' as const } : {}),
    ...(status === 'failed' || status === 'blocked'
      ? { evidence: evidence.map((ex) => ({ ...reportExchange(ex), curl: curlCommand(ex.request) })) }
      : {}),
    ...(failedAt !== undefined && failedAt >= 0 ? { failedExchange: failedAt } : {}),
    ...(status === 'failed' ? { rerun: rerunCommand(def, target.seed, target.rerun) } : {}),
    ...(observations.length > 0 ? { observations } : {}),
    ...(example ? { example } : {}),
    ...(blocked ? { blockedBy: blocked } : {}),
    ...(status === 'skipped' && needs ? { needs } : {}),
    ...((status === 'failed' || status === 'blocked') && (made.archived.length > 0 || made.kept.length > 0)
      ? { records: made }
      : {}),
    durationMs: Math.round(performance.now() - started),
    requests: exchanges.length,
    chain: chainOf(spans),
  };
  return {
    result: run.redactor.value(result),
    traffic: trafficOf(exchanges, target.baseUrl),
    unanswered: exchanges.filter((ex) => ex.response === undefined).length,
    held: heldRecords(c),
    // kept for --har until the run ends: bodies cut as the reports cut them, so a server answering
    // megabytes to every request does not make the run hold them all
    exchanges: exchanges.map(keptExchange),
    spans,
    findings: findings.map((f) => ({ ...f, exchange: keptExchange(f.exchange) })),
    records: made,
    ...(setupsUsed.size > 0 ? { setups: [...setupsUsed] } : {}),
  };
}

/**
 * The check's body, failed once it has run `ms` of its own time: the time its requests waited for
 * their turn (`waited`: a rate-limited server's pauses, the run's pace) is the server's, not the check's.
 * (A pause is counted when it is announced, in full: a check in one is not failed before it ends.)
 */
async function withTimeout<T>(work: Promise<T>, ms: number, waited: () => number = () => 0): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // a body still running past its time may fail later: that is no longer news to anyone
  work.catch(() => undefined);
  const started = performance.now();
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        const check = () => {
          const own = performance.now() - started - waited();
          if (own < ms) timer = setTimeout(check, ms - own);
          else reject(new CheckTimedOut(`the check did not finish within ${Math.round(ms / 1000)} s`));
        };
        timer = setTimeout(check, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The client retries a 429 out of sight of the check, so the check's own expectations never meet it;
 * but a 429 is an error response like any other and must carry the error body.
 */
function bareRateLimitAnswers(exchanges: readonly Exchange[]): Exchange[] {
  return exchanges.filter((ex) => ex.response?.status === 429 && errorBodyViolations(ex.response).length > 0);
}

function blockedMessage(b: BlockedBy): string {
  return `blocked: ${b.step} answered ${b.answer}${b.fixture ? ` (with fixtures \`${b.fixture}\`)` : ''}`;
}

/** A request that got no answer blocks the check: the step is that request's operation. */
function transportBlock(ex: Exchange, baseUrl: string): BlockedBy {
  return {
    step: operationOf(ex, baseUrl),
    answer: `connection failed: ${ex.transportError ?? 'no response'}`,
  };
}
