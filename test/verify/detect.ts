import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli, type CliResult } from '../support/cli.js';
import { main } from '../../bin/main.js';
import type { Fault } from '../../reference/faults/define.js';
import { isRuleId, levelOf, RULES } from '../../suites/spec/rules/catalogue.js';
import type { Rule } from '../../lib/catalogue/rule.js';
import type { RequestCounts } from '../../lib/report/request-counts.js';

/**
 * The fault-injection self-check, shared by test/faults.test.ts and `npm run verify`: run the
 * whole suite (`npx conformance`, embedded reference server, in a child process) once per fault
 * and see whether it noticed. A fault is detected when the run exits 1 and a failed check names
 * one of the fault's rules: its id or a rule of one of its violations (a blocked check, whose set-up
 * step failed, names no rule: it was never tested).
 */

/** One check of conformance.json, as far as detection reads it. */
export interface ReportCheck {
  id: string;
  status: 'passed' | 'failed' | 'skipped' | 'blocked';
  level?: 'MUST' | 'SHOULD';
  /** a failure under a strict-reading rule: not fatal without --strict */
  reading?: 'strict';
  title: string;
  message: string;
  blockedBy?: { step: string; answer: string; fixture?: string };
  violations?: Array<{ rule: string }>;
  /** requests the check sent */
  requests?: number;
  /** a deviation (or a block by one) the run's --baseline knows */
  baselined?: boolean;
}

/** The `run` block of conformance.json, as far as the self-test and the bench read it. */
export interface ReportRun {
  requestsSent: number;
  durationMs: number;
  concurrency?: {
    configured: number;
    start?: number;
    settled: number;
    lowest: number;
    highest?: number;
    path: Array<{ why: string; limit: number }>;
  };
  phases?: Record<string, number>;
  chain?: number;
  fixturesCheckRequests?: number;
  /** why the server ended the run early (rate-limited past --max-wait, stopped answering) */
  stoppedBy?: string;
  rateLimitRetries?: number;
  keptRecordsRequests?: number;
  /** how the server's quota shaped the run (lib/http/pace.ts) */
  rateLimit?: { pauses: number; waitedMs: number; quota?: string; rate?: string; shed?: number };
}

export interface SuiteRun {
  code: number | null;
  checks: ReportCheck[];
  ms: number;
  /** the report's `run` block (requests sent, the run's own duration, …), when it wrote one */
  run?: ReportRun;
  /** the verdict the report states (`certificate.verdict`), when it wrote one */
  verdict?: string;
  /** what the run cost the server, in requests (conformance.json `requests`), when it wrote a report */
  requests?: RequestCounts;
  /** set when the run wrote no report (it could not start, or crashed) */
  error?: string;
}

export interface FaultOutcome {
  id: string;
  breaks: readonly string[];
  code: number | null;
  detected: boolean;
  /** the failed checks that name one of the fault's rules */
  matched: string[];
  /** the rules of the other failed checks (collateral: effects of the same deviation elsewhere) */
  otherRules: string[];
  /** a generated check (generated.*) failed too: the generated cases catch this fault as well */
  generated: boolean;
  ms: number;
  error?: string;
}

/**
 * --max-wait of a fault's run. No fault meters the server but rate-limit-no-body, whose guard answers
 * 429 to a failing key for ever: a run waits --max-wait (180 s by default) for those at its end, and
 * 20 s of nothing but 429 is as sure a sign, sooner.
 */
export const FAULT_MAX_WAIT = ['--max-wait', '20'] as const;

/** Two child runs at a time: each is CPU-bound (the runner plus its reference server) on a 2-core machine. */
export const DEFAULT_CONCURRENCY = 2;

/**
 * `npx conformance <args> --report-dir <tmp>`; the report is read and removed. In a child process, as
 * a user runs it (`npm run verify`); or, `inProcess`, through the same composition root in this
 * process (the fault and variation tests): the same code from argv on, without a process start and a
 * bundle load per run, which were most of each run's time. Its console output is dropped; its
 * working folder is the report's, so no .env of the project's is read.
 */
export async function runSuite(
  args: readonly string[],
  o: { timeoutMs?: number; inProcess?: boolean } = {},
): Promise<SuiteRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-fault-'));
  const started = Date.now();
  try {
    const argv = [...args, '--report-dir', dir];
    const r = o.inProcess ? await inProcess(argv, dir) : await runCli(argv, { timeoutMs: o.timeoutMs ?? 300_000 });
    return suiteRunOf(dir, r, Date.now() - started);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a run left in its report folder, as the self-test reads it; `error` when it wrote no report. */
export function suiteRunOf(dir: string, r: CliResult, ms: number): SuiteRun {
  try {
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
      checks: ReportCheck[];
      run: ReportRun;
      certificate?: { verdict?: string };
      requests?: RequestCounts;
    };
    const verdict = report.certificate?.verdict;
    return {
      code: r.code,
      checks: report.checks,
      ms,
      run: report.run,
      ...(verdict ? { verdict } : {}),
      ...(report.requests ? { requests: report.requests } : {}),
    };
  } catch {
    return {
      code: r.code,
      checks: [],
      ms,
      error: `no report (exit ${String(r.code)}): ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`,
    };
  }
}

/** The command line run in this process: its exit status, and what it wrote to stderr (stdout is dropped). */
async function inProcess(argv: string[], cwd: string): Promise<CliResult> {
  const errors: string[] = [];
  const code = await main(argv, {
    print: () => undefined,
    error: (line) => errors.push(line),
    cwd,
  });
  return { code, stdout: '', stderr: errors.join('\n') };
}

/** Whether a failed check names one of these rules. */
export function namesRule(check: ReportCheck, rules: readonly string[]): boolean {
  if (check.status !== 'failed') return false;
  if (rules.includes(check.id)) return true;
  return (check.violations ?? []).some((v) => rules.includes(v.rule));
}

/**
 * The exit status a run against the fault must end with: 1 when it breaks a MUST rule; 0 when it
 * breaks only SHOULD rules or strict-reading ones (those deviations are reported, not fatal without --strict).
 */
export function expectedExit(breaks: readonly string[]): 0 | 1 {
  return breaks.some((rule) => isRuleId(rule) && levelOf(rule) === 'MUST' && (RULES[rule] as Rule).reading !== 'strict')
    ? 1
    : 0;
}

export function outcomeOf(fault: Pick<Fault, 'id' | 'breaks'>, run: SuiteRun): FaultOutcome {
  const failed = run.checks.filter((c) => c.status === 'failed');
  const matched = failed.filter((c) => namesRule(c, fault.breaks)).map((c) => `${c.id}: ${c.title}`);
  const otherRules = [
    ...new Set(
      failed
        .filter((c) => !namesRule(c, fault.breaks))
        .flatMap((c) => (c.violations ?? []).map((v) => v.rule).concat(c.violations?.length ? [] : [c.id])),
    ),
  ].sort();
  return {
    id: fault.id,
    breaks: fault.breaks,
    code: run.code,
    detected: run.code === expectedExit(fault.breaks) && matched.length > 0,
    matched,
    otherRules,
    generated: failed.some((c) => c.id.startsWith('generated.')),
    ms: run.ms,
    ...(run.error !== undefined ? { error: run.error } : {}),
  };
}

/**
 * Runs the suite against the fault and judges whether it noticed. `focused`: first run only the
 * checks of the rules the fault breaks (`--only`), which is enough when one of them fails; when
 * none does (the fault is seen through another check's violation), or when the fault breaks only
 * SHOULD rules (the proof then includes that no MUST check fails), the whole suite runs. Either
 * way a fault counts as detected only when a failed check names one of its rules.
 */
export async function detectFault(
  fault: Pick<Fault, 'id' | 'breaks'>,
  o: { focused?: boolean; inProcess?: boolean } = {},
): Promise<FaultOutcome> {
  const how = { inProcess: o.inProcess ?? false };
  if (o.focused && expectedExit(fault.breaks) === 1) {
    const only = ['--only', fault.breaks.join(',')];
    const focused = outcomeOf(fault, await runSuite(['--fault', fault.id, ...FAULT_MAX_WAIT, ...only], how));
    if (focused.detected) return focused;
  }
  return outcomeOf(fault, await runSuite(['--fault', fault.id, ...FAULT_MAX_WAIT], how));
}

/** Runs `task` over `items` with at most `concurrency` at a time; results keep the input order. */
export async function inPool<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export async function detectAll(
  faults: readonly Pick<Fault, 'id' | 'breaks'>[],
  o: { concurrency?: number; onOutcome?: (outcome: FaultOutcome) => void } = {},
): Promise<FaultOutcome[]> {
  return inPool(faults, o.concurrency ?? DEFAULT_CONCURRENCY, async (fault) => {
    const outcome = await detectFault(fault);
    o.onOutcome?.(outcome);
    return outcome;
  });
}

/**
 * The failed and blocked checks of a run (neither may happen on a conforming server), as "status id: title: message"
 * lines.
 */
export function failedChecks(run: SuiteRun): string[] {
  return run.checks
    .filter((c) => c.status === 'failed' || c.status === 'blocked')
    .map((c) => `${c.status} ${c.id}: ${c.title}: ${c.message}`);
}

/** The verify table: fault, rule(s), detected or missed; then the summary line. */
export function formatTable(outcomes: readonly FaultOutcome[], alternateFailed: number | string): string {
  const idWidth = Math.max(5, ...outcomes.map((o) => o.id.length));
  const rules = (o: FaultOutcome): string => o.breaks.join(', ');
  const ruleWidth = Math.max(4, ...outcomes.map((o) => rules(o).length));
  const lines = [
    `${'fault'.padEnd(idWidth)}  ${'rule'.padEnd(ruleWidth)}  result`,
    `${'-'.repeat(idWidth)}  ${'-'.repeat(ruleWidth)}  --------`,
  ];
  for (const o of outcomes) {
    const result = o.detected
      ? `detected${o.generated && !o.breaks.some((r) => r.startsWith('generated.')) ? ' (generated cases too)' : ''}`
      : `missed${o.error ? ` (${o.error})` : o.code !== expectedExit(o.breaks) ? ` (exit ${String(o.code)})` : ''}`;
    lines.push(`${o.id.padEnd(idWidth)}  ${rules(o).padEnd(ruleWidth)}  ${result}`);
  }
  const detected = outcomes.filter((o) => o.detected).length;
  lines.push('');
  const generated = outcomes.filter((o) => o.generated && !o.breaks.some((r) => r.startsWith('generated.'))).length;
  lines.push(
    `detected ${detected}/${outcomes.length} faults · alternate profile: ${alternateFailed} failed checks · generated cases also catch ${generated} faults of hand-written rules`,
  );
  return lines.join('\n');
}

/**
 * A bounded queue: `schedule(task)` starts the task once fewer than `concurrency` are running
 * and returns its promise, so callers can await each result on its own while the queue runs ahead.
 */
export function limiter(concurrency: number): <R>(task: () => Promise<R>) => Promise<R> {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    running -= 1;
    waiting.shift()?.();
  };
  return <R>(task: () => Promise<R>): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      const start = (): void => {
        running += 1;
        task().then(resolve, reject).finally(release);
      };
      if (running < concurrency) start();
      else waiting.push(start);
    });
}
