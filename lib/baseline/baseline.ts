import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { isRetiredRule, isRuleId, type Catalogue } from '../catalogue/catalogue.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { readJsonFile } from '../config/read-json-file.js';
import { failsRun, type CheckResult } from '../check/result.js';

/** One known deviation: a rule whose failed checks do not fail the gate, until it passes or expires. */
export interface BaselineEntry {
  rule: string;
  reason: string;
  ticket?: string;
  /** `YYYY-MM-DD`: the last day the entry holds */
  expires?: string;
}

export interface Baseline {
  deviations: BaselineEntry[];
}

export const BASELINE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'conformance baseline',
  type: 'object',
  required: ['deviations'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    deviations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['rule', 'reason'],
        additionalProperties: false,
        properties: {
          rule: { type: 'string', minLength: 1 },
          reason: { type: 'string', minLength: 1 },
          ticket: { type: 'string' },
          expires: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        },
      },
    },
  },
} as const;

// compiled on first use: most runs read no baseline
let compiled: ValidateFunction | undefined;

/**
 * Reads and validates a baseline file against the catalogue's rule ids; every problem is named in one
 * RunCannotStart (exit 2).
 */
export function loadBaseline(file: string, catalogue: Catalogue, shownAs: string = file): Baseline {
  const data = readJsonFile(file, shownAs, 'baseline', '--baseline / CONFORMANCE_BASELINE');
  return checkBaseline(data, shownAs, catalogue);
}

export function checkBaseline(data: unknown, shownAs: string, catalogue: Catalogue): Baseline {
  const problems: string[] = [];
  const validate = (compiled ??= new Ajv({ allErrors: true, strict: true }).compile(BASELINE_SCHEMA));
  if (!validate(data)) {
    for (const e of validate.errors ?? []) {
      const at = e.instancePath || '/';
      if (e.keyword === 'additionalProperties')
        problems.push(
          `${at} has an unknown key ${JSON.stringify((e.params as { additionalProperty: string }).additionalProperty)}`,
        );
      else if (e.keyword === 'pattern') problems.push(`${at} must be a date YYYY-MM-DD`);
      else problems.push(`${at} ${e.message ?? 'is invalid'}`);
    }
  } else {
    const seen = new Set<string>();
    (data as Baseline).deviations.forEach((d, i) => {
      if (!isRuleId(catalogue, d.rule) && !isRetiredRule(catalogue, d.rule))
        problems.push(
          `/deviations/${i}/rule ${JSON.stringify(d.rule)} is not a rule id of the catalogue (see \`npx conformance rules\`)`,
        );
      if (seen.has(d.rule)) problems.push(`/deviations/${i}/rule ${JSON.stringify(d.rule)} is listed twice`);
      seen.add(d.rule);
      if (d.expires !== undefined && !isCalendarDate(d.expires))
        problems.push(`/deviations/${i}/expires ${JSON.stringify(d.expires)} is not a calendar date`);
    });
  }
  if (problems.length > 0) throw new RunCannotStart(`invalid baseline file ${shownAs}: ${problems.join('; ')}`);
  return data as Baseline;
}

function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The `baseline` block of conformance.json. */
export interface BaselineOutcome {
  /** the file as given */
  file: string;
  entries: number;
  /** rule ids whose failed checks the baseline excused */
  known: string[];
  /** entries whose rule's checks all passed: remove them */
  stale: Array<{ rule: string; reason: string; ticket?: string; retired?: string }>;
  /** entries past their expiry date: renew or remove them */
  expired: Array<{ rule: string; reason: string; ticket?: string; expires: string }>;
  /** stale entries could not be judged: a shard sees only part of the checks (the merge judges them) */
  staleNotJudged?: boolean;
}

export interface GateOptions {
  /** today, `YYYY-MM-DD` (UTC) */
  today: string;
  /** a shard run: a rule's other checks may be in another shard, so staleness is left to the merge */
  partial?: boolean;
}

/**
 * Marks the checks the baseline excuses (`baselined: true`) and finds the entries that have rotted:
 * stale (the rule was checked and none of its checks failed; at least one passed) or expired.
 */
export function applyBaseline(
  checks: readonly CheckResult[],
  baseline: Baseline,
  file: string,
  catalogue: Catalogue,
  o: GateOptions,
): { checks: CheckResult[]; outcome: BaselineOutcome } {
  const byRule = new Map(baseline.deviations.map((d) => [d.rule, d]));
  const knownAs = (d: BaselineEntry) => ({
    reason: d.reason,
    ...(d.ticket !== undefined ? { ticket: d.ticket } : {}),
    ...(d.expires !== undefined ? { expires: d.expires } : {}),
  });
  const failedKnown = checks.map((c) => {
    const entry = c.status === 'failed' ? byRule.get(c.id) : undefined;
    return entry ? { ...c, baselined: true, knownAs: knownAs(entry) } : c;
  });
  // a check blocked only by a known deviation (the step broke a baselined rule, or the step is an
  // operation whose own baselined check failed) is known too: the baseline can make its own run pass
  const marked = failedKnown.map((c) => {
    if (c.status !== 'blocked' || !c.blockedBy) return c;
    const byStepRule = c.blockedBy.rule !== undefined ? byRule.get(c.blockedBy.rule) : undefined;
    if (byStepRule) return { ...c, baselined: true, knownAs: knownAs(byStepRule) };
    const byStep = failedKnown.find((k) => k.baselined && k.endpoint === c.blockedBy?.step);
    return byStep ? { ...c, baselined: true, ...(byStep.knownAs ? { knownAs: byStep.knownAs } : {}) } : c;
  });
  const known = [...new Set(marked.filter((c) => c.baselined && c.status === 'failed').map((c) => c.id))].sort();
  const stale: BaselineOutcome['stale'] = [];
  const expired: BaselineOutcome['expired'] = [];
  for (const d of baseline.deviations) {
    const own = checks.filter((c) => c.id === d.rule);
    const rotted =
      own.some((c) => c.status === 'passed') && !own.some((c) => c.status === 'failed' || c.status === 'blocked');
    // a retired rule can never fail again: its entry is stale wherever it is judged
    if (isRetiredRule(catalogue, d.rule)) stale.push({ ...describe(d), retired: catalogue.retired[d.rule]! });
    else if (rotted && !o.partial) stale.push(describe(d));
    if (d.expires !== undefined && d.expires < o.today) expired.push({ ...describe(d), expires: d.expires });
  }
  const outcome: BaselineOutcome = { file, entries: baseline.deviations.length, known, stale, expired };
  if (o.partial) outcome.staleNotJudged = true;
  return { checks: marked, outcome };
}

function describe(d: BaselineEntry): { rule: string; reason: string; ticket?: string } {
  return { rule: d.rule, reason: d.reason, ...(d.ticket !== undefined ? { ticket: d.ticket } : {}) };
}

/**
 * The gate: 1 when a MUST-level check failed outside the baseline, a MUST-level check was blocked
 * (the run is incomplete: a gate must not pass what it could not test) other than by a known
 * deviation, a MUST-level check was skipped (unless `allowIncomplete`: a gate that lacks a fixture
 * on purpose says so with --allow-incomplete), or a baseline entry rotted; else 0. Checks the
 * selection left out (--only, --skip, --level, --shard) were chosen away, not skipped: they never
 * fail the gate.
 */
export function gateStatus(
  checks: readonly CheckResult[],
  outcome?: BaselineOutcome,
  strict = false,
  allowIncomplete = false,
): 0 | 1 {
  const fresh = checks.some((c) => failsRun(c, strict) && !c.baselined);
  const untested = checks.some((c) => c.status === 'blocked' && c.level === 'MUST' && !c.baselined);
  const skipped = !allowIncomplete && checks.some((c) => c.status === 'skipped' && c.level === 'MUST');
  const rotted = outcome !== undefined && (outcome.stale.length > 0 || outcome.expired.length > 0);
  return fresh || untested || skipped || rotted ? 1 : 0;
}

/** The console lines of the gate: what the baseline excused, and each rotted entry with what to do. */
export function gateLines(
  checks: readonly CheckResult[],
  outcome: BaselineOutcome | undefined,
  strict = false,
  allowIncomplete = false,
): string[] {
  if (!outcome) return [];
  const lines: string[] = [];
  const newMust = [...new Set(checks.filter((c) => failsRun(c, strict) && !c.baselined).map((c) => c.id))];
  lines.push(
    `baseline ${outcome.file}: ${outcome.known.length} known deviation${outcome.known.length === 1 ? '' : 's'} excused${newMust.length ? `; new MUST-level deviations: ${newMust.join(', ')}` : ''}`,
  );
  for (const s of outcome.stale) {
    if (s.retired !== undefined) {
      lines.push(`baseline entry ${s.rule} names a retired rule (${s.retired}). Remove it from ${outcome.file}.`);
      continue;
    }
    lines.push(
      `baseline entry ${s.rule} is stale: its checks now pass. Remove it from ${outcome.file} (or renew it if the deviation is expected back).`,
    );
  }
  for (const e of outcome.expired) {
    lines.push(
      `baseline entry ${e.rule} expired on ${e.expires}${e.ticket ? ` (${e.ticket})` : ''}. Remove it from ${outcome.file} or renew it with a later expires date.`,
    );
  }
  if (outcome.staleNotJudged)
    lines.push(
      'baseline: a shard sees only part of the checks; stale entries are judged by `npx conformance merge --baseline`.',
    );
  lines.push(`gate: ${gateStatus(checks, outcome, strict, allowIncomplete) === 0 ? 'passes' : 'fails'}`);
  return lines;
}

/**
 * The run's deviations as a baseline: one entry per rule with a failed check, its reason the first
 * message. An entry the previous baseline already had keeps its reason and ticket (not a passed expiry).
 */
export function baselineOf(checks: readonly CheckResult[], previous?: Baseline, today?: string): Baseline {
  const before = new Map((previous?.deviations ?? []).map((d) => [d.rule, d]));
  const out = new Map<string, BaselineEntry>();
  for (const c of checks) {
    if (c.status !== 'failed' || out.has(c.id)) continue;
    const old = before.get(c.id);
    const entry: BaselineEntry = { rule: c.id, reason: old?.reason ?? (c.message || 'failed') };
    if (old?.ticket !== undefined) entry.ticket = old.ticket;
    if (old?.expires !== undefined && (today === undefined || old.expires >= today)) entry.expires = old.expires;
    out.set(c.id, entry);
  }
  return { deviations: [...out.values()].sort((a, b) => a.rule.localeCompare(b.rule)) };
}

export function writeBaselineFile(file: string, baseline: Baseline): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(baseline, null, 2) + '\n');
}

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
