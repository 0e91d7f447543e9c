import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Catalogue } from '../catalogue/catalogue.js';
import { escapeInvisible } from '../util/invisible.js';
import path from 'node:path';
import type { Redactor } from '../redact/redact.js';
import type { Traffic } from '../check/outcome.js';
import { summarise, type CheckResult } from '../check/result.js';
import { certificateOf, type Certificate, type RunScope } from './certificate.js';
import type { ObservedContract } from './observed.js';
import type { BaselineOutcome } from '../baseline/baseline.js';
import { blockers, type Blocker } from './groups.js';
import { rootCauses, type RootCause } from './root-causes.js';
import type { RunPhases } from '../runner/phases.js';
import type { RecordChange } from '../safety/record-changes.js';
import { requestCounts, type RequestCounts } from './request-counts.js';

export interface RunInfo {
  runId: string;
  target: string;
  embedded: boolean;
  seed: number;
  startedAt: string;
  durationMs: number;
  suiteVersion: string;
  /** `strict` (--strict): failures under strict-reading rules fail the run; absent: the default reading */
  reading?: 'strict';
  /** `--shard i/n`: this report covers only part of the suite files (`npx conformance merge` joins them) */
  shard?: { index: number; count: number };
  /** `--only` / `--skip` / `--level`, when the run did not register every check */
  selection?: { only: string[]; skip: string[]; level: 'all' | 'must' };
  /** requests the checks and the set-ups they share sent, 429 retries included (from the traffic they recorded) */
  requestsSent?: number;
  /** 429 answers the client waited out and retried */
  rateLimitRetries?: number;
  /** requests the fixtures check sent before the checks (not counted by --max-requests) */
  fixturesCheckRequests?: number;
  /**
   * requests of the read of every kept record after the checks and of what it put back (not counted by
   * --max-requests)
   */
  keptRecordsRequests?: number;
  /**
   * of requestsSent, those of the run-scoped set-ups several checks share (lib/runner/run-setups.ts), counted by no
   * check
   */
  setupRequests?: number;
  /** of setupRequests, each shared set-up's (lib/runner/run-setups.ts), by its key */
  setupRequestsByKey?: Record<string, number>;
  /** requests of the probe before any check (one read per key; not counted by --max-requests) */
  probeRequests?: number;
  /** the longest chain of dependent requests of the checks (lib/runner/chain.ts) */
  chain?: number;
  /**
   * requests in flight: the ceiling (--concurrency), where the limit started, where it ended, the
   * lowest a 429 or a latency rise brought it to, the highest it grew to, and every change on the way
   */
  concurrency?: {
    configured: number;
    start?: number;
    settled: number;
    lowest: number;
    highest?: number;
    path?: Array<{ atRequest: number; limit: number; why: 'grew' | '429' | 'latency' }>;
  };
  /** where the run's time went (lib/runner/phases.ts) */
  phases?: Partial<RunPhases>;
  /** the run was stopped by this signal: the report is partial */
  interrupted?: 'SIGINT' | 'SIGTERM';
  /**
   * the server stopped cooperating, and the run stopped sending: why (one finding for every check it kept from
   * running)
   */
  stoppedBy?: string;
  /**
   * how the server's quota shaped the run (lib/http/pace.ts): its pauses (a 429's Retry-After, a back-off,
   * a spent quota), their total and longest, the quota learned and the rate sent at, and --max-wait
   */
  rateLimit?: {
    pauses: number;
    /** 429s of load shedding (scattered, a short Retry-After): each held only its own request */
    shed?: number;
    waitedMs: number;
    longestWaitMs: number;
    maxWaitMs: number;
    /** the quota the server named (a policy: quota per window), `300 requests/min` */
    quota?: string;
    /** the quota fields the server last sent, verbatim (server text), and what they were read as */
    announced?: {
      fields: Record<string, string>;
      limit?: number;
      windowS?: number;
      remaining?: number;
      resetS?: number;
    };
    /** the rate the run sent at (measured from its 429s, or its policy's), in words and as a number */
    rate?: string;
    ratePerSecond?: number;
    /** what the run did not take of what the server said (a malformed quota field, a rate floored) */
    notes?: string[];
  };
  /** requests the stopped run could not send (archives of its records, reads of kept records), each with why */
  notSent?: Array<{ request: string; purpose: string; why: string }>;
}

/** A record the run created that the API gives no way to archive (contacts, opportunities). */
export interface Leftover {
  id: string;
  type: string;
  runId: string;
  createdAt: string;
  /** why it stays (from the cleanup ledger) */
  reason?: string;
}

/** conformance.json; its JSON schema is lib/report/conformance-report.schema.ts. */
export interface ConformanceReport {
  summary: {
    passed: number;
    failed: number;
    skipped: number;
    blocked: number;
    /** checks whose rule the server's legal choices leave nothing to judge (absent in reports of older runs) */
    notApplicable?: number;
    total: number;
    mustFailed: number;
    strictFailed?: number;
    shouldFailed: number;
    mustBlocked: number;
  };
  run: RunInfo & { requestsSent: number; rateLimitRetries: number };
  /** what the run cost the server, in requests: per part, per endpoint group, per rule and per shared set-up */
  requests: RequestCounts;
  certificate: Certificate;
  /** each rule broken at one operation in one way, once, with how many exchanges and checks met it */
  rootCauses: RootCause[];
  /** the set-up steps that blocked checks, each once, with the checks it blocked */
  blockers: Blocker[];
  checks: CheckResult[];
  observations: Array<{
    check: string;
    title: string;
    topic: string;
    text: string;
    data?: Record<string, string | number | boolean | null>;
  }>;
  observed: ObservedContract;
  leftovers: Leftover[];
  /** what the server changed on records the fixtures file keeps, restored or not (lib/safety/record-changes.ts) */
  recordChanges?: RecordChange[];
  /** `--baseline`: the known deviations it excused and its stale or expired entries (lib/baseline) */
  baseline?: BaselineOutcome;
}

/**
 * Requests sent and 429 retries, counted from the traffic the checks recorded. Every attempt is its
 * own exchange (the 429s included), and a retry is an attempt made after a 429. Requests that got
 * no answer leave no traffic and are counted apart.
 */
export function trafficCounts(
  traffic: readonly Traffic[],
  unanswered = 0,
): { requestsSent: number; rateLimitRetries: number } {
  return {
    requestsSent: traffic.length + unanswered,
    rateLimitRetries: traffic.filter((t) => (t.rateLimitRetries ?? 0) > 0).length,
  };
}

/** The report contract: { summary, checks } plus the run's metadata, its certificate and its leftovers. */
export function conformanceReport(
  checks: readonly CheckResult[],
  run: RunInfo,
  observed: ObservedContract,
  catalogue: Catalogue,
  leftovers: readonly Leftover[] = [],
): ConformanceReport {
  const s = summarise(checks);
  return {
    summary: {
      passed: s.passed,
      failed: s.failed,
      skipped: s.skipped,
      blocked: s.blocked,
      notApplicable: s.notApplicable,
      total: s.total,
      mustFailed: s.mustFailed,
      strictFailed: s.strictFailed,
      shouldFailed: s.shouldFailed,
      mustBlocked: s.mustBlocked,
    },
    rootCauses: rootCauses(checks),
    blockers: blockers(checks),
    run: { ...run, requestsSent: run.requestsSent ?? 0, rateLimitRetries: run.rateLimitRetries ?? 0 },
    requests: requestCounts(checks, run),
    certificate: certificateOf(checks, catalogue, {
      suiteVersion: run.suiteVersion,
      target: run.target,
      date: run.startedAt,
      strict: run.reading === 'strict',
      scope: runScope(run),
    }),
    checks: [...checks],
    observations: checks.flatMap((c) => (c.observations ?? []).map((o) => ({ check: c.id, title: c.title, ...o }))),
    observed,
    leftovers: [...leftovers],
  };
}

/** What the run's own metadata says of its scope: a narrowed selection or shard, an interruption. */
export function runScope(run: Pick<RunInfo, 'selection' | 'shard' | 'interrupted'>): RunScope {
  return {
    narrowed: run.selection !== undefined || (run.shard !== undefined && run.shard.count > 1),
    interrupted: run.interrupted !== undefined,
  };
}

/**
 * The last line of defence before anything reaches disk: whatever form of a key is still in the
 * content (redaction happens when evidence is recorded, so this finds only what slipped past) is
 * redacted here. A hit never costs the run its reports.
 */
function redacted(content: string, redactor: Redactor): string {
  return redactor.leaks(content).length > 0 ? redactor.text(content) : content;
}

/** Writes a report file, with every form of the run's keys redacted. */
export function writeReportFile(dir: string, name: string, content: string, redactor: Redactor): string {
  // a JSON file shows no invisible character (a bidi override in a server's text): each as its JSON
  // escape, the same data; the signed certificate is written as signed
  const json = /\.(json|har)$/i.test(name) && name !== 'certificate.json';
  const safe = redacted(json ? escapeInvisible(content) : content, redactor);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, safe);
  return file;
}

/**
 * Writes a report file every byte of which was escaped and scanned for a key as writeReportFile does,
 * piece by piece as the run made it (the HAR: lib/cli/run/har-file.ts).
 */
export function writeScannedReportFile(dir: string, name: string, content: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** Appends to a file outside the report folder ($GITHUB_STEP_SUMMARY), redacted the same way. */
export function appendReportFile(file: string, content: string, redactor: Redactor): void {
  appendFileSync(file, redacted(content, redactor));
}
