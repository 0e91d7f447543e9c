import type { Exchange } from '../http/exchange.js';
import { strictOnly } from '../catalogue/reading.js';
import { reportExchange } from '../evidence/truncate.js';
import { curlCommand } from '../evidence/curl.js';
import { rerunCommand } from '../evidence/rerun.js';
import { shownBy, shownByNote } from '../check/shown-by.js';
import { ruleOf } from '../catalogue/catalogue.js';
import type { CheckResult } from '../check/result.js';
import type { CheckDefinition } from '../check/registry.js';
import type { CreatedEntryRef, RequestSpan } from '../check/context.js';
import type { Observation } from '../check/outcome.js';
import type { RunTarget } from '../check/run-target.js';
import { chainOf } from './chain.js';
import type { Outcome } from './check-outcome.js';

/** What a check left beside its outcome: its requests, observations, and the records it made. */
export interface CheckTrail {
  exchanges: readonly Exchange[];
  spans: readonly RequestSpan[];
  observations: Observation[];
  made: { archived: CreatedEntryRef[]; kept: CreatedEntryRef[] };
  startedMs: number;
}

/** A check's result: its rule and the spec's quote, its outcome, and the evidence a failed or blocked one carries. */
export function checkResultOf(def: CheckDefinition, o: Outcome, trail: CheckTrail, target: RunTarget): CheckResult {
  const first = o.status === 'failed' ? o.violations[0] : undefined;
  // the sentence the failing input breaks: a generated check's input names its own stated rule
  const rule = ruleOf(target.catalogue, first?.quotes ?? def.rule);
  const judged = o.status === 'failed' || o.status === 'blocked';
  // a check not applicable carries the answers that prove it
  const shown = judged || (o.status === 'not applicable' && o.evidence.length > 0);
  const { made } = trail;
  return {
    id: def.rule,
    level: def.level,
    status: o.status,
    title: def.title,
    endpoint: def.endpoint,
    // a failure shown by the fixtures check's answer says so: no check of the run asked for it
    message: o.message + shownByNote(first),
    group: def.group,
    section: rule.section,
    quote: rule.quote,
    ...(first ? { expected: first.expected, actual: first.actual } : {}),
    ...(o.violations.length > 0 ? { violations: o.violations } : {}),
    ...(o.status === 'failed' && strictOnly(target.catalogue, def.rule, o.violations)
      ? { reading: 'strict' as const }
      : {}),
    ...(shown ? { evidence: o.evidence.map((ex) => ({ ...reportExchange(ex), curl: curlCommand(ex.request) })) } : {}),
    ...(o.failedAt !== undefined && o.failedAt >= 0 ? { failedExchange: o.failedAt } : {}),
    ...(o.status === 'failed' ? { rerun: rerunCommand(def, target.seed, target.rerun, shownBy(o.violations)) } : {}),
    ...(trail.observations.length > 0 ? { observations: trail.observations } : {}),
    ...(o.example ? { example: o.example } : {}),
    ...(o.blocked ? { blockedBy: o.blocked } : {}),
    ...(o.status === 'skipped' && o.needs ? { needs: o.needs } : {}),
    ...(judged && (made.archived.length > 0 || made.kept.length > 0) ? { records: made } : {}),
    durationMs: Math.round(performance.now() - trail.startedMs),
    requests: trail.exchanges.length,
    chain: chainOf(trail.spans),
  };
}
