import path from 'node:path';
import { settleGate, type Gate, type Settled } from '../../baseline/gate.js';
import { githubRunUrl, githubStepSummary } from '../../config/ci-env.js';
import { runScope, type ConformanceReport } from '../../report/conformance-json.js';
import { printOutcome, printVerdict } from '../../report/console.js';
import { printRecordChanges } from '../../report/record-changes-block.js';
import { writeReports } from '../../report/write-all.js';
import type { RunRecord } from '../../runner/run-record.js';
import { coverageOf } from '../coverage-command.js';
import { SIGNAL_EXIT } from '../interrupt.js';
import { cleanupHint } from './cleanup-lines.js';
import { harFile } from './har-file.js';
import { reportOf } from './report-of.js';
import { printRunStop } from './stop-lines.js';
import type { Ready } from './preflight.js';

/**
 * Phase 8, reports: whatever stopped the run (an interruption, a server that stopped cooperating,
 * --max-requests), every report is written from the run's record: the HAR, conformance.json and every
 * format made from it; then the console's findings, the cleanup line and, last, the verdict. Returns
 * the exit status.
 */
export async function writeAllReports(run: Ready, record: RunRecord, gate: Gate): Promise<number> {
  const { config, cwd, env } = run;
  harFile(run, record);
  const settled = settleGate(record.results, gate, cwd, { partial: (config.shard?.count ?? 1) > 1 });
  const report = reportOf(run, record, settled);
  const stepSummary = githubStepSummary(env);
  const runUrl = githubRunUrl(env);
  const files = writeReports(config.reportDir, report, run.redactor, {
    ...(stepSummary !== undefined ? { stepSummary } : {}),
    ...(run.signKey ? { signKey: run.signKey } : {}),
    ...(runUrl !== undefined ? { runUrl } : {}),
    coverage: await coverageOf(run.spec, undefined, report),
    catalogue: run.spec.catalogue,
    wrapping: run.spec.judges.wrapping,
    fixturesFile: run.spec.fixtures,
  });
  const givenUp = await run.spec.givenUpWarnings(run.target.preflight, run.target.givenUpUsed ?? new Set());
  const hint = printFindings(run, record, report, settled, files, givenUp);
  return exitStatus(run, settled, hint);
}

/** The console after the run: what it changed on kept records, its findings, its stop, its files, its verdict. */
function printFindings(
  run: Ready,
  record: RunRecord,
  report: ConformanceReport,
  settled: Settled,
  files: readonly string[],
  givenUp: readonly string[],
): string | undefined {
  const { config, target, print, cwd } = run;
  printRecordChanges(record.recordChanges, print);
  printOutcome(report.checks, run.spec.catalogue, print, config.strict);
  printRunStop(run.pace, run.budget, record.results, print);
  // absolute: the path is pasted into a browser or a shell from wherever the reader is
  print(`report: ${files.map((f, i) => (i === 0 ? path.resolve(cwd, f) : path.basename(f))).join(', ')}`);
  for (const line of settled.lines) print(line);
  const hint = cleanupHint(target.ledgerFile, target.runId, cwd);
  if (hint) print(hint);
  for (const w of givenUp) print(w);
  // the last lines: the verdict, and what an incomplete run lacks
  printVerdict(report.checks, print, {
    catalogue: run.spec.catalogue,
    strict: config.strict,
    scope: runScope(report.run),
    allowIncomplete: config.allowIncomplete,
    fixturesFile: run.spec.fixtures,
  });
  return hint;
}

/**
 * The gate's status, unless the run was stopped: an interrupted run exits as a shell reports the
 * signal; a run the server stopped is never a pass, whatever it had checked. Either says how to clean up.
 */
function exitStatus(run: Ready, settled: Settled, hint: string | undefined): number {
  const { interruption, print, cleanupCommand } = run;
  if (interruption.signal) {
    print(
      `interrupted (${interruption.signal}): the report is partial; to archive what it may have left: ${cleanupCommand}`,
    );
    return SIGNAL_EXIT[interruption.signal];
  }
  if (run.pace.stopped !== undefined) {
    if (!hint) print(`the run stopped early; to archive anything it may have left: ${cleanupCommand}`);
    return Math.max(settled.status, 1);
  }
  return settled.status;
}
