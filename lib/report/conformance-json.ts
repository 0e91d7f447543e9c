import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Redactor } from '../evidence/redact.js';
import { summarise, type CheckResult } from './check-result.js';
import type { ObservedContract } from './observed.js';

export interface RunInfo {
  runId: string;
  target: string;
  embedded: boolean;
  seed: number;
  startedAt: string;
  durationMs: number;
  suiteVersion: string;
}

/** The report contract: { summary, checks } plus the run's metadata. */
export function conformanceReport(checks: readonly CheckResult[], run: RunInfo, observed: ObservedContract) {
  const s = summarise(checks);
  return {
    summary: { passed: s.passed, failed: s.failed, skipped: s.skipped, total: s.total, mustFailed: s.mustFailed, shouldFailed: s.shouldFailed },
    run,
    checks,
    observations: checks.flatMap((c) => (c.observations ?? []).map((o) => ({ check: c.id, title: c.title, ...o }))),
    observed,
  };
}

/**
 * Writes a report file after scanning it for the run's literal key values: redaction happens when
 * evidence is recorded, and this is the last line of defence before anything reaches disk.
 */
export function writeReportFile(dir: string, name: string, content: string, redactor: Redactor): string {
  const leaks = redactor.leaks(content);
  if (leaks.length > 0) throw new Error(`refusing to write ${name}: it would contain ${leaks.join(', ')} (a redaction bug; please report it)`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}
