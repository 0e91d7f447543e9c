import { describe, inject, test } from 'vitest';
import { getCurrentSuite } from 'vitest/suite';
import type { Exchange } from '../http/exchange.js';
import { pathUnderBase, TransportFailure } from '../http/exchange.js';
import { RULES, type RuleId } from '../rules/catalogue.js';
import { makeContext, type CheckContext } from './context.js';
import type { BlockedBy, CheckMeta, Observation, Traffic, Violation } from './meta.js';
import { statedEndpointOf } from '../rules/stated-endpoints.js';
import { NonConformance, SetupFailure } from './non-conformance.js';
import { errorBodyViolations } from './error-body.js';
import { groupOfFile, isSelected } from '../select/selection.js';

let currentEndpoint: string | undefined;

/** Groups the checks of one operation; every check inside carries it as its `endpoint`. */
export function endpoint(name: string, body: () => void): void {
  describe(name, () => {
    const outer = currentEndpoint;
    currentEndpoint = name;
    try { body(); } finally { currentEndpoint = outer; }
  });
}

/**
 * Registers one check: a vitest test whose metadata (rule id, level, endpoint, title) feeds the
 * reporter, so nothing is parsed back out of titles. The check's exchanges, violations and
 * observations land in that metadata too; cleanups run whether it passed or not.
 */
export function check(rule: RuleId, title: string, fn: (c: CheckContext) => Promise<void>, options: { endpoint?: string } = {}): void {
  const endpointName = options.endpoint ?? currentEndpoint ?? RULES[rule].endpoints[0] ?? '*';
  const meta: CheckMeta = { rule, level: RULES[rule].level, endpoint: endpointName, title };
  // --only / --skip / --level: an unselected check is never registered, so no report carries it
  const group = groupOfFile(getCurrentSuite().file.filepath);
  if (!isSelected(inject('target').selection, { rule, level: meta.level, group })) return;
  test(`${rule}: ${title}`, { meta: { conformance: meta } }, async (ctx) => {
    const exchanges: Exchange[] = [];
    const observations: Observation[] = [];
    const cleanups: Array<() => Promise<unknown>> = [];
    const own = ctx.task.meta.conformance ?? meta;
    const c = makeContext({
      rule, target: inject('target'), seedName: `${rule}:${title}`,
      skip: (reason) => ctx.skip(reason), exchanges, observations, cleanups,
    });
    try {
      await fn(c);
      const bare = bareRateLimitAnswer(exchanges);
      if (bare) throw bare;
    } catch (err) {
      if (err instanceof Error && err.name === 'PendingError') throw err; // a skip, not a failure
      own.evidence = [...exchanges];
      // A check that failed after meeting a 429 without the error body (retries exhausted, say)
      // names that deviation too: its own failure may only be the rate limiter's doing.
      const found = [violationOf(err), violationOf(bareRateLimitAnswer(exchanges))].filter((v) => v !== undefined);
      const violations = found.filter((v, i) => found.findIndex((w) => JSON.stringify(w) === JSON.stringify(v)) === i);
      if (violations.length > 0) own.violations = violations;
      // blocked only when nothing else was found: a bare 429 met on the way is a deviation of its own
      if (violations.length === 0 && err instanceof SetupFailure) own.blocked = err.blockedBy;
      if (violations.length === 0 && err instanceof TransportFailure) own.blocked = transportBlock(err.exchange, inject('target').baseUrl);
      throw err;
    } finally {
      for (const fnClean of cleanups.reverse()) {
        try { await fnClean(); } catch (e) { observations.push({ topic: 'cleanup', text: `cleanup failed: ${String(e)}` }); }
      }
      if (observations.length > 0) own.observations = observations;
      own.traffic = trafficOf(exchanges, inject('target').baseUrl);
      const unanswered = exchanges.filter((ex) => ex.response === undefined).length;
      if (unanswered > 0) own.unanswered = unanswered;
      ctx.task.meta.conformance = own;
    }
  });
}

/**
 * The client retries a 429 out of sight of the check, so the check's own expectations never meet it;
 * but a 429 is an error response like any other and must carry the error body.
 */
function bareRateLimitAnswer(exchanges: readonly Exchange[]): NonConformance | undefined {
  for (const ex of exchanges) {
    if (ex.response?.status !== 429) continue;
    const v = errorBodyViolations(ex.response)[0];
    if (v) return new NonConformance(v, ex);
  }
  return undefined;
}

/** A request that got no answer blocks the check: the step is that request's operation. */
function transportBlock(ex: Exchange, baseUrl: string): BlockedBy {
  return {
    step: operationOf(ex, baseUrl),
    answer: `connection failed: ${ex.transportError ?? 'no response'}`,
  };
}

/** The stated operation an exchange was a request of, or `METHOD (unstated route)`. */
function operationOf(ex: Exchange, baseUrl: string): string {
  return statedEndpointOf(ex.request.method, pathUnderBase(ex, baseUrl)) ?? `${ex.request.method} (unstated route)`;
}

function trafficOf(exchanges: readonly Exchange[], baseUrl: string): Traffic[] {
  return exchanges.flatMap((ex) => {
    if (!ex.response) return [];
    const code = (ex.response.json as { code?: unknown } | undefined)?.code;
    return [{
      endpoint: operationOf(ex, baseUrl),
      status: ex.response.status,
      ...(typeof code === 'string' && ex.response.status >= 400 ? { code } : {}),
      emptyBody: ex.response.text.length === 0,
      ...(ex.rateLimitRetries > 0 ? { rateLimitRetries: ex.rateLimitRetries } : {}),
    }];
  });
}

function violationOf(err: unknown): Violation | undefined {
  return err instanceof NonConformance ? err.violation : undefined;
}
