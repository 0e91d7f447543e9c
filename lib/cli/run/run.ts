import { RunCannotStart } from '../../config/run-cannot-start.js';
import type { CheckDefinition } from '../../check/registry.js';
import type { CheckRun } from '../../runner/check-run.js';
import { runChecks } from '../../runner/run-checks.js';
import { startAudit } from './audit.js';
import { harPiecesOf } from './har-file.js';
import { RunSetups } from '../../runner/run-setups.js';
import { withSetupRecords } from '../../runner/setup-records.js';
import { findingResults } from '../../runner/finding-results.js';
import { observerFindings } from '../../runner/observer-findings.js';
import type { RunRecord } from '../../runner/run-record.js';
import { ConsoleProgress } from '../../report/console-progress.js';
import type { Ready } from './preflight.js';

/** A check still running after this long fails (each request also has its own --timeout). */
const CHECK_TIMEOUT_MS = 180_000;

/**
 * Phase 6, run: every selected check in one pool, their progress on the console, what they leave in
 * the run's record. Past an interruption's grace the run goes on with the checks that ended; the rest
 * is abandoned (the process exits). The set-ups the checks share are archived once the last has ended.
 */
export async function runSelected(run: Ready, defs: readonly CheckDefinition[]): Promise<RunRecord> {
  const { record, target } = run;
  const progress = new ConsoleProgress(run.print, run.live, () => run.waiting.suffix());
  progress.start(defs.length, new Set(defs.map((d) => d.group)).size);
  // --har: each check's entries made as it ends, while the run waits on the server (har-file.ts)
  const har = harPiecesOf(run);
  const at = new Map(defs.map((d, i) => [d, i]));
  const events = {
    onCheck: (r: CheckRun, d: CheckDefinition) => {
      record.onCheck(r);
      har?.add(r, at.get(d)!);
      progress.onCheck(r, d);
    },
    onGroup: (g: string, rs: readonly CheckRun[]) => progress.onGroup(g, rs),
  };
  // a server that answered the probe or the fixtures check 429 is not sent a full first wave by the checks
  run.budget.continueFrom(run.before);
  // the fixtures check's archives, sent beside the first checks, hold a slot of theirs each until
  // answered: the requests in flight stay within --concurrency (not counted by --max-requests)
  for (const archive of target.preflight?.archiving ?? []) {
    run.budget.inFlight += 1;
    void archive.finally(() => run.budget.release());
  }
  const setups = new RunSetups({ target, budget: run.budget });
  const runs = await strayChecked(run, async () => {
    try {
      const context = { target, budget: run.budget, redactor: run.redactor, checkTimeoutMs: CHECK_TIMEOUT_MS, setups };
      const all = runChecks(defs, context, events);
      all.catch(() => undefined);
      // the read of the user's kept records goes as soon as no check writes any more, beside the set-ups'
      // archives (audit.ts)
      void target.lastChecks?.checkWritesDone.then(() => startAudit(run, record));
      return (await Promise.race([all, run.interruption.deadline.then(() => undefined)])) ?? [...record.ended];
    } finally {
      await setups.close();
      // the fixtures check's archives, sent beside the first checks: in the record before it is finished
      await target.preflight?.archives;
    }
  });
  // a failing check's reproducers may name a set-up's record: its report says what became of it
  withSetupRecords(runs, setups);
  progress.finish();
  // what the checks met beyond their own rule, then what the run's observer saw that no check reported
  const findings = [
    ...findingResults(runs, target.catalogue, target.seed, run.redactor, target.rerun),
    ...observerFindings(runs, target.catalogue, target.answers, run.redactor, {
      seed: target.seed,
      ...(target.rerun ? { target: target.rerun } : {}),
    }),
  ];
  record.finish(runs, findings, setups, target);
  return record;
}

/**
 * A promise a check left behind that rejects later is a bug of the suite: the run says so (exit 2)
 * instead of dying on it.
 */
async function strayChecked<T>(run: Ready, body: () => Promise<T>): Promise<T> {
  const stray: string[] = [];
  const onStray = (err: unknown) => {
    stray.push(err instanceof Error ? err.message : String(err));
  };
  process.on('unhandledRejection', onStray);
  let out: T;
  try {
    out = await body();
  } finally {
    process.off('unhandledRejection', onStray);
  }
  if (stray.length > 0)
    throw new RunCannotStart(
      `the suite itself failed (a bug in the suite, not the server): ${run.redactor.text([...new Set(stray)].join(' | '))}`,
    );
  return out;
}
