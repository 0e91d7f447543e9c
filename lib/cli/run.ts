import path from 'node:path';
import { environment, resolveConfig } from '../config/resolve.js';
import { RunCannotStart } from '../config/run-cannot-start.js';
import { readSigningKey } from '../certificate/keys.js';
import { RunSetups } from '../runner/run-setups.js';
import { withSetupRecords } from '../runner/setup-records.js';
import { keptExchange, preflightReads, trafficOf } from '../runner/traffic.js';
import { readExamples } from '../check/examples-file.js';
import { coverageOf } from './coverage-command.js';
import { checkHar, checkLedger, checkReportDir } from '../config/checks.js';
import { Interruption, SIGNAL_EXIT } from './interrupt.js';
import type { CheckRun } from '../runner/check-run.js';
import type { CheckDefinition } from '../check/registry.js';
import { redactorFor } from '../redact/redactor-for.js';
import { ConformanceReporter } from '../report/reporter.js';
import { conformanceReport, runScope, trafficCounts } from '../report/conformance-json.js';
import { harOf } from '../report/har.js';
import { writeReports } from '../report/write-all.js';
import { runRedactor, useRunRedactor } from '../redact/run-redactor.js';
import { colourWanted, githubRunUrl, githubStepSummary, isCi } from '../config/ci-env.js';
import { leftovers, pendingArchives, readLedger, unsettled } from '../safety/ledger.js';
import { observedContract } from '../report/observed.js';
import { consoleLines, liveLine, painted, printOutcome, printVerdict } from '../report/console.js';
import type { TargetKeys } from '../target/target.js';
import type { RunTarget } from '../check/run-target.js';
import { startReferenceServer, type RunningReference } from '../../reference/index.js';
import type { RunArgs } from './args.js';
import { probe } from './probe.js';
import { checkFixtures } from '../preflight/fixtures-check.js';
import { givenUpWarnings } from '../preflight/given-up.js';
import { newRunId } from './run-id.js';
import { rerunTarget } from './rerun-target.js';
import { assertOnlyMatches, listChecks } from './list.js';
import { loadChecks, SuiteLoadError, type CheckModule } from '../check/registry.js';
import { runChecks } from '../runner/run-checks.js';
import { findingResults } from '../runner/finding-results.js';
import { Phases } from '../runner/phases.js';
import { RequestBudget } from '../http/request-budget.js';
import { prepareGate, settleGate } from '../baseline/gate.js';
import { selectChecks, selectsEverything } from '../select/selection.js';
import { RecordChanges } from '../safety/record-changes.js';
import { Pace } from '../http/pace.js';
import { RunStopped } from '../http/run-stopped.js';
import { PaceConsole } from './pace-console.js';
import { keptRecordChanges, writeHarFile } from './after-checks.js';
import { printRunStop, rateLimitOf } from './run-stop-lines.js';
import { printRecordChanges } from '../report/record-changes-block.js';

/** A check still running after this long fails (each request also has its own --timeout). */
const CHECK_TIMEOUT_MS = 180_000;

export { PACKAGE_ROOT, suiteVersion } from '../config/suite-version.js';
import { suiteVersion } from '../config/suite-version.js';

/** `npx conformance`: resolve the target, probe it, run the checks, write the report. Returns the exit status. */
export async function runConformance(
  args: RunArgs,
  rawPrint: (line: string) => void,
  suites: readonly CheckModule[],
  cwd: string = process.cwd(),
): Promise<number> {
  const startedAt = new Date();
  // where a run's time goes (conformance.json run.phases): module loading happened before this line
  const phases = new Phases();
  // every console line goes through the run's redactor (a key can hide in a base URL or an error)
  // and is made inert: server text in it can neither forge a line nor send a terminal escape
  const env = environment(cwd);
  const colour = colourWanted(env, process.stdout.isTTY);
  const print = (line: string) => {
    for (const l of consoleLines(runRedactor().text(line))) rawPrint(colour ? painted(l) : l);
  };
  const config = resolveConfig(args.settings, env, cwd);
  const signKey = config.signKey !== undefined ? readSigningKey(config.signKey) : undefined;
  useRunRedactor(
    redactorFor({
      apiKey: config.apiKey ?? '',
      ...(config.otherOrgApiKey ? { otherOrgApiKey: config.otherOrgApiKey } : {}),
      ...(config.readOnlyApiKey ? { readOnlyApiKey: config.readOnlyApiKey } : {}),
    }),
  );
  for (const w of config.warnings) print(`warning: unknown fixtures key ${w} (a typo?); it is ignored`);
  if (args.list) return await listChecks(config, suites, print);
  // the CI gate's inputs are checked before any server is started or any request is sent
  assertOnlyMatches(config, suites);
  const gate = prepareGate(config, cwd);

  let reference: RunningReference | undefined;
  let interruption: Interruption | undefined;
  let disposeWaiting: () => void = () => undefined;
  try {
    let target: RunTarget;
    const common = {
      runId: newRunId(startedAt),
      seed: config.seed,
      timeoutMs: config.timeoutMs,
      maxWaitMs: config.maxWaitMs,
      maxResponseBytes: config.maxResponseBytes,
      selection: config.selection,
      readOnly: config.readOnly,
      concurrency: config.concurrency,
      cases: config.cases,
      ...(config.maxRequests !== undefined ? { maxRequests: config.maxRequests } : {}),
      // the cleanup ledger: the run appends each created record as it is created (lib/safety/)
      ledgerFile: path.join(config.reportDir, 'ledger.jsonl'),
      recordChanges: new RecordChanges(),
      keepFailing: config.keepFailing,
      givenUpUsed: new Set<string>(),
      ...(config.examples !== undefined ? { examples: readExamples(config.examples, config.examples) } : {}),
    };
    // every output is known writable before the first request: a run is not lost at its end
    checkReportDir(config.reportDir);
    if (config.har !== undefined) checkHar(config.har);
    checkLedger(common.ledgerFile);
    if (config.baseUrl === undefined) {
      reference = await startReferenceServer(args.reference);
      target = {
        ...common,
        baseUrl: reference.baseUrl,
        keys: reference.keys,
        fixtures: reference.fixtures,
        embedded: true,
      };
      print(`target: embedded reference server at ${reference.baseUrl}`);
    } else {
      if (config.apiKey === undefined)
        throw new RunCannotStart('no API key: pass --api-key or set CONFORMANCE_API_KEY (the key of organization A).');
      const keys: TargetKeys = { apiKey: config.apiKey };
      if (config.otherOrgApiKey !== undefined) keys.otherOrgApiKey = config.otherOrgApiKey;
      if (config.readOnlyApiKey !== undefined) keys.readOnlyApiKey = config.readOnlyApiKey;
      target = { ...common, baseUrl: config.baseUrl, keys, fixtures: config.fixtures, embedded: false };
      print(`target: ${config.baseUrl}`);
    }
    target.rerun = rerunTarget(config, args, target, cwd);
    const redactor = redactorFor(target.keys);
    useRunRedactor(redactor);
    phases.end('referenceStartMs');
    // one pace for the whole run (lib/http/pace.ts): its 429 pauses, its rate and its stop
    const pace = new Pace({ maxWaitMs: target.maxWaitMs });
    // a terminal gets a live progress line; CI and pipes get one line per endpoint group
    const live =
      process.stdout.isTTY && !isCi(env)
        ? liveLine((chunk) => process.stdout.write(chunk), process.stdout.columns)
        : undefined;
    // --concurrency holds before the checks too; these requests are not counted by --max-requests
    const before = new RequestBudget(target.concurrency, undefined, pace);
    // one budget for every check: --concurrency and --max-requests counted in one place
    const budget = new RequestBudget(target.concurrency, target.maxRequests, pace);
    // the checks ended so far: what an interrupted run reports when its checks do not end in time
    const finished: CheckRun[] = [];
    let selected = 0;
    const waiting = new PaceConsole(pace, print, live, () => ({
      sent: before.sent + budget.sent,
      ...(selected > 0 ? { checks: { done: finished.length, total: selected, sent: budget.sent } } : {}),
    }));
    disposeWaiting = () => waiting.dispose();
    await probe(target.baseUrl, target.keys, target.timeoutMs, redactor, before);
    phases.end('probeMs');
    print(`run ${target.runId} · seed ${target.seed}`);
    const ledgerCommand = cleanupCommandFor(target.ledgerFile ?? '', cwd);
    // from the first write on (the fixtures check's upsert), Ctrl-C archives what the run made
    interruption = new Interruption(pace, print, ledgerCommand);
    // a fixture the server does not have is the user's mistake: exit 2 before any check
    try {
      target.preflight = await checkFixtures(target, redactor, before);
    } catch (err) {
      // stopped (interrupted, or the server stopped cooperating): the checks that follow are each
      // refused their first request, so every report is written with them blocked under the one cause
      if (!(err instanceof RunStopped)) throw err;
    }
    if (target.preflight && target.preflight.checked.length > 0)
      print(`fixtures checked: ${target.preflight.checked.join(', ')}`);
    for (const [fields, key] of [
      [target.preflight?.contactRequired, 'contact'],
      [target.preflight?.contactRequiredOther, 'otherOrg.contact'],
    ] as const) {
      for (const field of fields?.unfilled ?? []) {
        print(
          `fixtures: GET /_schema/contact marks ${field} required on contact create; give its value as ${key}.createAttributes.${field.split(' ')[0]} (contact creates will be blocked without it)`,
        );
      }
    }

    phases.end('fixturesCheckMs');

    let all;
    try {
      all = await loadChecks(suites);
    } catch (err) {
      if (err instanceof SuiteLoadError)
        throw new RunCannotStart(
          `the suite itself failed to load (a bug in the suite, not the server): ${redactor.text(err.message)}`,
        );
      throw err;
    }
    const defs = selectChecks(all, config.selection, config.shard);
    selected = defs.length;
    phases.end('suiteLoadMs');
    const reporter = new ConformanceReporter(print, live, () => waiting.suffix());
    reporter.start(defs.length, new Set(defs.map((d) => d.group)).size);
    const events = {
      onCheck: (r: CheckRun, d: CheckDefinition) => {
        finished.push(r);
        reporter.onCheck(r, d);
      },
      onGroup: (g: string, rs: readonly CheckRun[]) => reporter.onGroup(g, rs),
    };
    // a promise a check left behind that rejects later is a bug of the suite: the run says so (exit 2)
    // instead of dying on it
    const stray: string[] = [];
    const onStray = (err: unknown) => {
      stray.push(err instanceof Error ? err.message : String(err));
    };
    process.on('unhandledRejection', onStray);
    let runs;
    // the set-ups checks share: made on first use, archived once the last check has ended
    const setups = new RunSetups({ target, budget });
    try {
      const all = runChecks(defs, { target, budget, redactor, checkTimeoutMs: CHECK_TIMEOUT_MS, setups }, events);
      // past an interruption's grace the run reports what ended; the rest is abandoned (the process exits)
      all.catch(() => undefined);
      runs = (await Promise.race([all, interruption.deadline.then(() => undefined)])) ?? [...finished];
    } finally {
      await setups.close();
      // a failing check's reproducers may name a set-up's record: its report says what became of it
      withSetupRecords(runs ?? [], setups);
      process.off('unhandledRejection', onStray);
    }
    if (stray.length > 0)
      throw new RunCannotStart(
        `the suite itself failed (a bug in the suite, not the server): ${redactor.text([...new Set(stray)].join(' | '))}`,
      );
    reporter.finish(runs, findingResults(runs, target.seed, redactor, target.rerun));
    // what the set-ups sent is part of what the run sent and of the contract it observed
    const traffic = [...reporter.traffic, ...trafficOf(setups.exchanges, target.baseUrl)];
    const unanswered = reporter.unanswered + setups.exchanges.filter((ex) => ex.response === undefined).length;
    // every kept record read again: what the server changed heads the console and every report
    const { changes: recordChanges, requests: keptRecordsRequests } = await keptRecordChanges(target, redactor, before);
    phases.end('checksMs');
    waiting.dispose();
    if (config.har !== undefined) {
      const har = harOf(
        [
          ...runs.map((r, index) => ({
            index,
            id: r.result.id,
            title: r.result.title,
            held: r.held,
            exchanges: r.exchanges,
            spans: r.spans,
          })),
          {
            index: runs.length,
            id: 'set-up',
            title: 'run-scoped set-ups several checks share',
            held: [],
            exchanges: setups.exchanges.map(keptExchange),
            spans: setups.spans,
          },
        ],
        { version: suiteVersion() },
      );
      writeHarFile(config.har, har, redactor, print);
    }

    if (reporter.results.length === 0 && config.shard === undefined && !interruption.signal) {
      throw new RunCannotStart('the selection (--only / --skip / --level) leaves no check to run');
    }
    const settled = settleGate(reporter.results, gate, cwd, { partial: (config.shard?.count ?? 1) > 1 });
    const report = conformanceReport(
      settled.checks,
      {
        runId: target.runId,
        target: target.baseUrl,
        embedded: target.embedded,
        seed: target.seed,
        startedAt: startedAt.toISOString(),
        durationMs: Date.now() - startedAt.getTime(),
        suiteVersion: suiteVersion(),
        ...(config.strict ? { reading: 'strict' as const } : {}),
        ...(config.shard ? { shard: config.shard } : {}),
        ...(selectsEverything(config.selection) ? {} : { selection: config.selection }),
        ...trafficCounts(traffic, unanswered),
        fixturesCheckRequests: target.preflight?.requests ?? 0,
        keptRecordsRequests,
        ...(setups.exchanges.length > 0
          ? { setupRequests: setups.exchanges.length, setupRequestsByKey: setups.requestsByKey() }
          : {}),
        probeRequests: Object.values(target.keys).filter((k) => k !== undefined).length,
        chain: reporter.chain,
        concurrency: {
          configured: budget.ceiling,
          start: budget.start,
          settled: budget.limit,
          lowest: budget.lowest,
          highest: budget.highest,
          path: budget.path,
        },
        phases: phases.done(),
        ...(interruption.signal ? { interrupted: interruption.signal } : {}),
        ...(pace.stopped !== undefined && !interruption.signal ? { stoppedBy: pace.stopped } : {}),
        ...rateLimitOf(pace),
        ...(pace.notSent.length > 0 ? { notSent: pace.notSent } : {}),
      },
      // the fixtures check's reads are answers of this run too (the checks of those reads judge them)
      observedContract([...traffic, ...trafficOf(preflightReads(target), target.baseUrl)]),
      target.ledgerFile ? leftovers(readLedger(target.ledgerFile).filter((l) => l.runId === target.runId)) : [],
    );
    if (settled.outcome) report.baseline = settled.outcome;
    if (recordChanges.length > 0) report.recordChanges = recordChanges;
    const stepSummary = githubStepSummary(env);
    const files = writeReports(config.reportDir, report, redactor, {
      ...(stepSummary !== undefined ? { stepSummary } : {}),
      ...(signKey ? { signKey } : {}),
      ...(githubRunUrl(env) !== undefined ? { runUrl: githubRunUrl(env)! } : {}),
      coverage: await coverageOf(suites, undefined, report),
    });
    printRecordChanges(recordChanges, print);
    printOutcome(report.checks, print, config.strict);
    printRunStop(pace, budget, reporter.results, print);
    // absolute: the path is pasted into a browser or a shell from wherever the reader is
    print(`report: ${files.map((f, i) => (i === 0 ? path.resolve(cwd, f) : path.basename(f))).join(', ')}`);
    for (const line of settled.lines) print(line);
    const hint = cleanupHint(target.ledgerFile, target.runId, cwd);
    if (hint) print(hint);
    for (const w of givenUpWarnings(target.preflight, target.givenUpUsed ?? new Set())) print(w);
    // the last lines: the verdict, and what an incomplete run lacks
    printVerdict(report.checks, print, {
      strict: config.strict,
      scope: runScope(report.run),
      allowIncomplete: config.allowIncomplete,
    });
    if (interruption.signal) {
      print(
        `interrupted (${interruption.signal}): the report is partial; to archive what it may have left: ${ledgerCommand}`,
      );
      return SIGNAL_EXIT[interruption.signal];
    }
    if (pace.stopped !== undefined) {
      // a run the server stopped is never a pass, whatever it had checked
      if (!hint) print(`the run stopped early; to archive anything it may have left: ${ledgerCommand}`);
      return Math.max(settled.status, 1);
    }
    return settled.status;
  } finally {
    disposeWaiting();
    interruption?.dispose();
    await reference?.close();
  }
}

/**
 * The one line that says records may be left and how to clean up: what the ledger shows this run
 * created and did not archive, and POSTs that got no answer (they may have created a record).
 */
export function cleanupHint(ledgerFile: string | undefined, runId: string, cwd: string): string | undefined {
  if (ledgerFile === undefined) return undefined;
  const lines = readLedger(ledgerFile).filter((l) => l.runId === runId);
  const pending = pendingArchives(lines).length;
  const maybe = unsettled(lines).filter((l) => l.maybeCreated === true).length;
  if (pending === 0 && maybe === 0) return undefined;
  const what = [
    pending > 0 ? `${pending} record(s) not archived` : '',
    maybe > 0
      ? `${maybe} POST(s) that may have created a record (no answer, or answered 429 and sent again; find them by the run id ${runId})`
      : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `records may be left: ${what}; run: ${cleanupCommandFor(ledgerFile, cwd)}`;
}

function cleanupCommandFor(ledgerFile: string, cwd: string): string {
  return `npx conformance cleanup --ledger ${path.relative(cwd, ledgerFile) || ledgerFile}`;
}
